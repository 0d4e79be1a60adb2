// Every text of the cart's promo codes (loaded with them, after the cart's first paint).

export const PROMO_COPY = {
  title: 'Промокоди',
  friendLabel: 'Код друга',
  friendHint: 'Код REW- від друга діє лише для першого замовлення',
  friendPlaceholder: 'REW-XXXXXX',
  /** A friend's code as the club makes them (REW- and six of its letters and digits). */
  friendExample: 'REW-K7P2MX',
  friendApplied: (code: string) => `Код друга ${code} застосовано`,
  friendFirstOnly: 'Код друга діє лише для першого замовлення, а в тебе вже є замовлення в цьому магазині.',
  veloLabel: 'Промокод velo',
  veloHint: 'Знижка 20% на паучі velo, один раз',
  veloApplied: (code: string) => `Промокод ${code}: −20% на velo`,
  veloUsed: 'Знижку velo −20% уже використано в одному з твоїх замовлень.',
  veloGift: 'Промокод velo не поєднується з подарунком velo в кошику.',
  apply: 'Застосувати',
  remove: 'Прибрати',
  notApplied: (why: string) => `Не застосовано: ${why}`,
} as const;
