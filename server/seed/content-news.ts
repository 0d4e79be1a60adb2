import type { AppDeps } from '../context';
import type { NewsTable } from '../db/tables/engagement';
import type { ContentBlock } from '../routes/engagement/content/html';

const DAY = 86_400_000;

interface DemoNews {
  variant: NewsTable['variant'];
  /** Days before now it was published. */
  daysAgo: number;
  title: string;
  lead: string;
  blocks: ContentBlock[];
}

/** Club news for the /news screens: most for everyone, some of one variant only. Newest first. */
export const DEMO_NEWS: readonly DemoNews[] = [
  {
    variant: 'all',
    daysAgo: 1,
    title: 'Стартував осінній марафон знань',
    lead: 'Відповідай на питання щотижня і отримуй XP за кожну правильну відповідь.',
    blocks: [
      { p: 'Марафон триває чотири тижні. Щопонеділка відкривається новий етап з трьома питаннями.' },
      { ul: ['Кожне питання можна відповісти один раз.', 'Пропущені етапи можна надолужити до кінця марафону.'] },
    ],
  },
  {
    variant: 'glo',
    daysAgo: 3,
    title: 'Нова glo-studio у Львові',
    lead: 'Запрошуємо на консультацію та тест-драйв пристроїв у новому фірмовому магазині.',
    blocks: [
      {
        p: 'Магазин працює щодня з 10:00 до 21:00. Консультанти продають продукцію лише повнолітнім і можуть попросити документ.',
      },
    ],
  },
  {
    variant: 'ogo',
    daysAgo: 4,
    title: 'Промокод VELO-20% для ogo',
    lead: 'Знижка 20% на перше замовлення velo в ogo для повнолітніх учасників клубу.',
    blocks: [
      { p: 'Введи промокод під час оформлення замовлення, якщо в кошику є продукти velo. Знижка діє один раз.' },
    ],
  },
  {
    variant: 'all',
    daysAgo: 6,
    title: 'Застосунок працює без інтернету',
    lead: 'Каталог, історія XP і сканування кодів доступні навіть у метро.',
    blocks: [
      { p: 'Дії, зроблені без зв’язку, надсилаються автоматично, щойно з’явиться інтернет. Нічого не губиться.' },
    ],
  },
  {
    variant: 'all',
    daysAgo: 9,
    title: 'Підписка на стіки',
    lead: 'Регулярна доставка за зафіксованою ціною і XP за кожну коробку.',
    blocks: [{ p: 'Підписка доступна учасникам з підтвердженим віком. Паузу можна поставити від 1 до 8 тижнів.' }],
  },
  {
    variant: 'glo',
    daysAgo: 12,
    title: 'Бонусні товари за XP',
    lead: 'У розділі «Бонуси» з’явилися нові аксесуари, які можна повністю оплатити XP.',
    blocks: [{ p: 'Чохли, підставки та набори для догляду за пристроєм — обмін XP без доплати.' }],
  },
  {
    variant: 'all',
    daysAgo: 15,
    title: 'Сертифікати партнерів',
    lead: 'Обмінюй XP на подарункові сертифікати магазинів, АЗС і кінотеатрів.',
    blocks: [{ p: 'Сертифікат приходить одразу після покупки і захищений PIN-кодом.' }],
  },
  {
    variant: 'ogo',
    daysAgo: 18,
    title: 'Безкоштовна доставка ogo від 120 грн',
    lead: 'Замовлення ogo від 120 грн доставляємо безкоштовно по всій Україні.',
    blocks: [{ p: 'Обирай відділення перевізника, кур’єра або iPost у Києві.' }],
  },
  {
    variant: 'all',
    daysAgo: 22,
    title: 'Запроси друга — отримай XP',
    lead: 'Поділися кодом REW- з повнолітнім другом, який уже споживає нікотиновмісну продукцію.',
    blocks: [{ p: 'XP нараховуються після першого отриманого замовлення друга.' }],
  },
  {
    variant: 'all',
    daysAgo: 27,
    title: 'Доставка iPost у Києві',
    lead: 'Кур’єр привезе замовлення у зручний для тебе проміжок часу.',
    blocks: [{ p: 'Обери день і час під час оформлення, якщо всі товари в кошику можна доставити iPost.' }],
  },
  {
    variant: 'glo',
    daysAgo: 33,
    title: 'Сервіс пристроїв у glo-studio',
    lead: 'Безкоштовна перевірка і чистка пристрою в будь-якій glo-studio.',
    blocks: [{ p: 'Візьми пристрій і документ, що посвідчує особу.' }],
  },
  {
    variant: 'all',
    daysAgo: 40,
    title: 'Відгуки про замовлення',
    lead: 'Оцінюй доставлені замовлення і додавай фото — це допомагає нам ставати кращими.',
    blocks: [{ p: 'Відгук можна залишити на кожне отримане замовлення один раз.' }],
  },
];

/** Stores the demo news once (no members needed). */
export async function seedNews(deps: AppDeps): Promise<void> {
  const any = await deps.db.selectFrom('news').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const now = deps.clock.now().getTime();
  // Oldest first, so that ids grow with the publication time as they would in real life.
  const rows = [...DEMO_NEWS].reverse().map((n, i) => ({
    variant: n.variant,
    title: n.title,
    lead: n.lead,
    body: JSON.stringify({ kind: 'article', blocks: n.blocks }),
    art: i,
    published_at: new Date(now - n.daysAgo * DAY).toISOString(),
  }));
  await deps.db.insertInto('news').values(rows).execute();
}
