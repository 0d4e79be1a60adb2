import { pluralUk } from '../../domain/format/plural';

const packs = (n: number) => `${n} ${pluralUk(n, ['пачка', 'пачки', 'пачок'])}`;
const days = (n: number) => `${n} ${pluralUk(n, ['день', 'дні', 'днів'])}`;
const weeks = (n: number) => `${n} ${pluralUk(n, ['тиждень', 'тижні', 'тижнів'])}`;

/** The words of the subscription screens, in one place. */
export const SUB_COPY = {
  heroCaption: 'Твоя підписка',
  status: { active: 'Активна', paused: 'На паузі', cancelled: 'Скасована', pending: 'Очікує підтвердження' } as Record<
    string,
    string
  >,
  perDelivery: (uah: string) => `${uah} за доставку`,
  perDeliveryShort: '/ доставка',
  every: (n: number, d: number) => `${packs(n)} кожні ${days(d)}`,
  nextDelivery: 'Наступна доставка',
  pausedUntil: 'Пауза до',
  delivered: 'Доставлено коробок',
  earned: 'Отримано XP',
  xpPerBox: (xp: number) => `+${xp} XP за коробку`,
  xpBox: 'XP за коробку',
  pause: 'Призупинити',
  resume: 'Відновити',
  cancel: 'Скасувати підписку',
  waiting: 'Зміна надішлеться, щойно з’явиться зв’язок',
  plansTitle: 'Обери план',
  plansText: 'Стіки приїжджають самі, а за кожну доставлену коробку ти отримуєш XP.',
  subscribe: 'Оформити',
  notVerifiedTitle: 'Підписка — після підтвердження віку',
  notVerifiedText: 'Підписка доступна повнолітнім учасникам клубу з підтвердженим віком.',
  verify: 'Підтвердити вік',
  noPlans: 'Зараз немає планів підписки',
  loading: 'Завантажуємо підписку…',
  offline: 'Підписка завантажиться, щойно з’явиться зв’язок.',
  failed: 'Не вдалося завантажити підписку.',
  retry: 'Спробувати ще раз',
  more: 'Більше про підписку',
  about: 'Про підписку',
  aboutSub: 'Як працює і що дає',
  faq: 'Питання та відповіді',
  faqSub: 'Пауза, доставка, оплата',
  history: 'Історія підписки',
  historySub: 'Доставки та зміни',
  // Confirmations
  confirmSubscribe: (title: string) => `Оформити підписку «${title}»?`,
  confirmSubscribeText: (uah: string, n: number, d: number) =>
    `${packs(n)} кожні ${days(d)} за ${uah}. Першу коробку відправимо за 2 дні; оплата — при отриманні.`,
  confirmPause: 'Призупинити підписку?',
  confirmPauseText: 'Доставки відновляться самі, коли пауза закінчиться. Її можна завершити раніше.',
  weeksLabel: 'На скільки',
  weeks,
  weeksUnit: (n: number) => pluralUk(n, ['тиждень', 'тижні', 'тижнів']),
  confirmResume: 'Відновити підписку?',
  confirmResumeText: 'Наступну коробку відправимо за 2 дні.',
  confirmCancel: 'Скасувати підписку?',
  confirmCancelText: 'Доставки припиняться. Оформити нову підписку можна будь-коли.',
  reasonLabel: 'Чому скасовуєш? (необов’язково)',
  yes: 'Так',
  keep: 'Ні, залишити',
  back: 'Назад',
  done: {
    subscribe: 'Підписку оформлено',
    pause: 'Підписку призупинено',
    resume: 'Підписку відновлено',
    cancel: 'Підписку скасовано',
  } as Record<string, string>,
  // Pages
  pageOffline: 'Текст завантажиться, щойно з’явиться зв’язок.',
  pageFailed: 'Не вдалося завантажити текст.',
  updated: (d: string) => `Оновлено ${d}`,
  historyEmpty: 'Історія підписки порожня',
  historyEmptyText: 'Тут з’являться доставки та зміни твоєї підписки.',
  deliveries: 'Доставки',
  events: 'Зміни',
  deliveryStatus: { scheduled: 'Заплановано', delivered: 'Доставлено', skipped: 'Пропущено' } as Record<string, string>,
  packs,
} as const;
