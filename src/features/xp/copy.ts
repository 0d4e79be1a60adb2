/** Ukrainian words of /get-xp and /history-bonuses. */
export const XP_COPY = {
  balance: 'Твій баланс',
  ways: 'Як отримати XP',
  history: 'Історія XP',
  earned: 'Нараховано',
  spent: 'Витрачено',
  count: 'Операцій',
  empty: 'Тут з’являться нарахування та списання XP',
  emptyText: 'Скануй коди з пачок — це найшвидший спосіб отримати перші XP.',
  offline: 'Історія XP завантажиться, щойно з’явиться зв’язок',
  updated: (when: string) => `Оновлено ${when}`,
  scan: 'Сканувати',
  pendingKnown: (xp: string) => `+${xp} XP очікує`,
  pendingUnpriced: (n: number, noun: string) => `${n} ${noun} на перевірці — XP після зарахування`,
  offlinePending:
    'Немає зв’язку: рухи XP нижче — з цього телефона, історія з сервера оновиться, щойно з’явиться зв’язок',
  after: (balance: string) => `Баланс ${balance}`,
  states: {
    waiting: 'очікує',
    checking: 'перевіряється',
    pending: 'чекає оплати',
    credited: 'зараховано',
    spent: 'списано',
    refused: 'відхилено',
    reversed: 'скасовано',
  } as const,
  stateHint: {
    waiting: 'Надішлемо, щойно буде зв’язок',
    checking: 'Сервер перевіряє',
    pending: 'Зарахуємо, щойно друг оплатить або отримає замовлення',
  } as const,
  /** What to do when a movement was refused and its kind names no screen to fix it. */
  refusedTodo: {
    scan: 'Перевір код на пачці й відскануй ще раз. Якщо код правильний — напиши в підтримку.',
    device: 'Перевір серійний номер на коробці й спробуй ще раз.',
    order: 'Перевір кошик і спробуй оформити ще раз.',
    quiz: 'Відкрий вікторину й спробуй ще раз.',
    certificate: 'Перевір баланс і спробуй купити ще раз.',
    referral: 'Напиши в підтримку.',
    other: 'Спробуй ще раз або напиши в підтримку.',
  } as const,
  retry: 'Повторити',
  remove: 'Прибрати',
  support: 'Підтримка',
  /** The XP of a scan not yet checked: known once the server answers. */
  unpriced: '+?',
  sources: {
    scan: 'Скан',
    device: 'Пристрій',
    referral: 'Друг зробив перше замовлення',
    order: 'Замовлення',
    quiz: 'Вікторина',
    certificate: 'Сертифікат',
    other: 'XP',
  } as const,
  reasons: {
    scan: 'Сканування',
    device: 'Пристрій',
    referral: 'Запрошення',
    order: 'Покупка',
    quiz: 'Вікторина',
    certificate: 'Сертифікат',
  } as Record<string, string>,
} as const;

/** The ways to earn XP on /get-xp, each leading to its screen. */
export const EARN_WAYS: ReadonlyArray<{
  to: string;
  icon: 'qr' | 'photo' | 'device' | 'users' | 'trophy' | 'badge';
  title: string;
  text: string;
  reward: string;
}> = [
  {
    to: '/scanning',
    icon: 'qr',
    title: 'Скануй коди з пачок',
    text: 'Кожен код на пачці чи блоці — XP на твій рахунок. Працює й без інтернету.',
    reward: '10–200 XP',
  },
  {
    to: '/scan/multi',
    icon: 'photo',
    title: 'Кілька пачок одним фото',
    text: 'Сфотографуй пачки разом — ми зарахуємо кожен код.',
    reward: 'за кожен код',
  },
  {
    to: '/invite-friend',
    icon: 'users',
    title: 'Запроси друга',
    text: 'XP за перше замовлення кожного повнолітнього друга, якого ти запросив.',
    reward: 'за друга',
  },
  {
    to: '/marathon',
    icon: 'trophy',
    title: 'Марафон і вікторина',
    text: 'Проходь етапи марафону й відповідай на питання.',
    reward: 'за етап',
  },
  {
    to: '/device-reg',
    icon: 'device',
    title: 'Зареєструй пристрій',
    text: 'Серійний номер є на коробці та на корпусі. Бонус — один раз за пристрій.',
    reward: '100 XP',
  },
  {
    to: '/scanbox',
    icon: 'badge',
    title: 'Консультант у магазині',
    text: 'Відскануй бейдж консультанта, який тобі допоміг.',
    reward: 'підтримка',
  },
];
