import { pluralUk } from '../../domain/format/plural';
import { formatNumber } from '../../domain/format/uk-format';

/** «3, 5 і 10». */
const listUk = (n: readonly number[]) =>
  n.length > 1 ? `${n.slice(0, -1).join(', ')} і ${n[n.length - 1]}` : String(n[0] ?? '');

/** The words of the invite screens (/invite-friend and its pages), in one place. */
export const INVITE_COPY = {
  codeCaption: 'Твій код запрошення',
  heroText: 'Запрошуй повнолітніх друзів: коли друг зробить перше замовлення з твоїм кодом, ти отримаєш XP.',
  share: 'Поділитися запрошенням',
  copyInvite: 'Скопіювати запрошення',
  copyCode: 'Скопіювати код',
  codeCopied: 'Код скопійовано',
  inviteCopied: 'Запрошення скопійовано — встав його в повідомлення другу',
  copyFailed: 'Не вдалося скопіювати. Виділи код і скопіюй вручну',
  codeLoading: 'Отримуємо твій код…',
  codeOffline: 'Код з’явиться, щойно буде зв’язок.',
  codeFailed: 'Не вдалося отримати код запрошення.',
  retry: 'Спробувати ще раз',
  howTitle: 'Як це працює',
  steps: (xp: number, milestones: readonly number[]) => [
    'Поділися кодом або посиланням з повнолітнім другом.',
    'Друг реєструється в клубі й робить перше замовлення з твоїм кодом.',
    `Ти отримуєш ${formatNumber(xp)} XP за кожного такого друга${milestones.length ? `, а за ${listUk(milestones)} друзів — ще й бонус` : ''}.`,
  ],
  more: 'Більше про програму',
  calculator: 'Калькулятор бонусів',
  calculatorSub: 'Скільки XP принесуть друзі',
  velo: 'Запроси друга у velo',
  veloSub: 'Знижка для друга на паучі velo',
  referrals: 'Мої запрошення',
  referralsSub: 'Друзі, які вже приєдналися',
  faq: 'Питання та відповіді',
  faqSub: 'Як нараховуються бонуси',
  // FAQ
  faqEmpty: 'Питань поки немає',
  faqOffline: 'Питання завантажаться, щойно з’явиться зв’язок.',
  faqFailed: 'Не вдалося завантажити питання.',
  // Calculator
  friends: 'Кількість друзів',
  fewer: 'Менше',
  moreFriends: 'Більше',
  totalCaption: 'Ти отримаєш',
  base: (n: number, xp: number) => `${n} × ${formatNumber(xp)} XP за перші замовлення`,
  bonus: 'Бонуси за кількість друзів',
  next: (friends: number, xp: number) => `Ще ${friends} — і бонус +${formatNumber(xp)} XP`,
  allMilestones: 'Усі бонуси за кількість друзів отримано',
  milestones: 'Бонуси',
  milestone: (friends: number) => `${friends} ${pluralUk(friends, ['друг', 'друзі', 'друзів'])}`,
  cap: (n: number) => `Рахуються до ${n} друзів на рік`,
  range: (max: number) => `Вкажи число від 0 до ${max}`,
  rulesNote: 'Розрахунок за чинними правилами клубу.',
  // velo
  veloTitle: 'Знижка на velo для друга',
  veloText:
    'Друг отримає знижку на перше замовлення паучів velo в магазині ogo, а ти — XP, коли він зробить замовлення.',
  veloGet: 'Отримати посилання',
  veloCode: 'Код знижки для друга',
  veloLink: 'Посилання для друга',
  veloCopy: 'Скопіювати посилання',
  veloCopied: 'Посилання скопійовано',
  veloOpen: 'Відкрити посилання',
  veloShare: 'Поділитися',
  veloShareText: (code: string) => `Тримай знижку на паучі velo: ${code}. Лише для повнолітніх.`,
  veloAdult: 'Паучі velo містять нікотин. Лише для повнолітніх.',
  veloHow: 'Як це працює',
  veloSteps: [
    'Отримай своє посилання — у ньому код знижки для друга й твій код запрошення.',
    'Надішли посилання повнолітньому другу або скопіюй код знижки.',
    'Друг замовляє паучі velo в магазині ogo зі знижкою, а ти отримуєш XP за його перше замовлення.',
  ],
} as const;
