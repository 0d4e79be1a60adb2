import type { CartLine } from './cart';
import { PRODUCT_TAGS } from '../catalogue/catalogue';
import { toKop, toUah } from '../format/money';

type Line = Pick<CartLine, 'count' | 'price' | 'bonuses' | 'tags'>;

export interface CartTotals {
  /** UAH, summed in kopiykas. */
  money: number;
  /** XP of the bonus items. */
  xp: number;
  /** Units in the cart. */
  units: number;
}

/** docs/rules.md#states: the cart's totals in money and in XP. */
export function cartTotals(lines: readonly Line[]): CartTotals {
  let kop = 0;
  let xp = 0;
  let units = 0;
  for (const l of lines) {
    kop += toKop(l.price) * l.count;
    xp += l.bonuses * l.count;
    units += l.count;
  }
  return { money: toUah(kop), xp, units };
}

/**
 * docs/rules.md#validation: "a cart with a zero-priced item and nonzero total is flagged". A velo gift is free
 * by design and does not count; a bonus item (price 0, paid with XP) next to items paid with
 * money does, so such a cart is ordered as two orders. The server refuses a flagged cart.
 */
export function zeroPriceFlag(lines: readonly Line[]): boolean {
  const zero = lines.some((l) => toKop(l.price) === 0 && !l.tags.includes(PRODUCT_TAGS.veloGift));
  return zero && cartTotals(lines).money > 0;
}

/** docs/rules.md#entities: the local courier (iPost) only when every cart item carries `ipost_allow`. */
export function ipostAllowed(lines: readonly Pick<CartLine, 'tags'>[]): boolean {
  return lines.length > 0 && lines.every((l) => l.tags.includes(PRODUCT_TAGS.ipostAllow));
}

/** docs/rules.md#constants: velo gifts in the cart, shown as at most 2. */
export const VELO_GIFT_DISPLAY_CAP = 2;

export function veloGiftCount(lines: readonly Pick<CartLine, 'tags' | 'count'>[]): number {
  return lines.filter((l) => l.tags.includes(PRODUCT_TAGS.veloGift)).reduce((n, l) => n + l.count, 0);
}

export function veloGiftDisplayCount(lines: readonly Pick<CartLine, 'tags' | 'count'>[]): number {
  return Math.min(VELO_GIFT_DISPLAY_CAP, veloGiftCount(lines));
}

/** Velo gifts one order may hold at most (docs/rules.md#constants: the gift count is capped to 2). */
export const VELO_GIFT_MAX = VELO_GIFT_DISPLAY_CAP;

export const VELO_GIFT_PROBLEMS = {
  tooMany: `Подарунків velo в одному замовленні може бути щонайбільше ${VELO_GIFT_MAX}. Прибери зайві з кошика`,
  noVelo: 'Подарунок velo додається лише до замовлення паучів velo: додай у кошик velo або прибери подарунок',
} as const;

/**
 * docs/rules.md#constants and an order holds at most 2 velo gifts (units, whichever gifts), and only
 * beside a velo product paid with money (a velo line that is not a gift and has a price). The app
 * shows these rules and the server enforces them. Null when the cart keeps them.
 */
export function veloGiftProblem(lines: readonly Pick<CartLine, 'tags' | 'count' | 'price'>[]): string | null {
  const gifts = veloGiftCount(lines);
  if (gifts === 0) return null;
  if (gifts > VELO_GIFT_MAX) return VELO_GIFT_PROBLEMS.tooMany;
  const paidVelo = lines.some(
    (l) =>
      l.tags.includes(PRODUCT_TAGS.velo) &&
      !l.tags.includes(PRODUCT_TAGS.veloGift) &&
      toKop(l.price) > 0 &&
      l.count > 0,
  );
  return paidVelo ? null : VELO_GIFT_PROBLEMS.noVelo;
}
