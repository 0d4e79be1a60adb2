// Every text of /shop/payment.

export const PAYMENT_COPY = {
  methodTitle: 'Спосіб оплати',
  cash: { title: 'Готівкою при отриманні', text: 'Оплата у відділенні або курʼєру' },
  card: { title: 'Карткою онлайн', text: 'Visa, Mastercard, Apple Pay, Google Pay через LiqPay' },
  cardOff: 'Оплата карткою зараз недоступна. Можна сплатити при отриманні',
  xp: { title: 'Бонусами XP', text: (need: string, have: string) => `Спишемо ${need} з ${have} на рахунку` },
  xpShort: (need: string, have: string) =>
    `Потрібно ${need}, а на рахунку ${have}. Прибери щось із кошика або назбирай ще XP.`,
  xpUnknown: 'Баланс XP ще не завантажено. Він зʼявиться, щойно буде звʼязок.',
  commentTitle: 'Коментар до замовлення',
  commentLabel: 'Коментар',
  commentPlaceholder: 'Наприклад, зателефонуйте за годину до доставки',
  commentLeft: (n: number) => `Залишилось символів: ${n}`,
  callTitle: 'Передзвонити мені',
  callText: 'Менеджер зателефонує, щоб уточнити замовлення',
  callDay: 'День',
  callFrom: 'З',
  callTo: 'До',
  next: 'Далі: підтвердження',
  balance: (xp: string) => `На рахунку ${xp}`,
  toPay: 'До сплати',
} as const;
