import type { CartLine } from './cart';
import { PRODUCT_TAGS, type ShopVariant } from '../catalogue/catalogue';
import { percentOff } from '../format/money';

/** docs/rules.md#constants: the promo text, when the server's VELO_PROMO_CODE is not set. */
export const VELO_PROMO_DEFAULT = 'VELO-20%';
/** docs/rules.md#constants: velo 20% off (price × 0.8). */
export const VELO_DISCOUNT_PERCENT = 20;
/** docs/rules.md#roles: the customer tag that says the velo discount was used. */
export const VELO_USED_TAG = 'velo_discount_used';
/** docs/rules.md#constants: the order tag of an order with the velo discount. */
export const VELO_ORDER_TAG = 'pwa_velo-20%';

export interface VeloPromoContext {
  variant: ShopVariant;
  lines: readonly Pick<CartLine, 'tags'>[];
  customerTags: readonly string[];
}

function isVelo(l: Pick<CartLine, 'tags'>): boolean {
  return l.tags.includes(PRODUCT_TAGS.velo) && !l.tags.includes(PRODUCT_TAGS.veloGift);
}

/**
 * docs/rules.md#validation: why the velo discount cannot apply in this context (Ukrainian), or null when it can:
 * only on the second variant (ogo), with velo products in the cart, not used before (customer
 * tag), and no velo gift in the cart.
 */
export function veloPromoBlocker(ctx: VeloPromoContext): string | null {
  if (ctx.variant !== 'ogo') return 'Промокод velo діє лише в магазині ogo';
  if (!ctx.lines.some(isVelo)) return 'Додай до кошика продукти velo, щоб скористатися промокодом';
  if (ctx.customerTags.includes(VELO_USED_TAG)) return 'Знижку velo вже використано';
  if (ctx.lines.some((l) => l.tags.includes(PRODUCT_TAGS.veloGift))) {
    return 'Промокод velo не поєднується з подарунком velo';
  }
  return null;
}

/** docs/rules.md#validation: the promo input shows under the same conditions as the discount applies. */
export function veloPromoInputVisible(ctx: VeloPromoContext): boolean {
  return veloPromoBlocker(ctx) === null;
}

/** Codes are compared trimmed and case-insensitively: «velo-20%» typed on a phone counts. */
export function isVeloPromoCode(code: string, configured: string = VELO_PROMO_DEFAULT): boolean {
  return code.trim().toUpperCase() === configured.trim().toUpperCase();
}

/** docs/rules.md#validation: the reason a typed code gives no discount, or null when the discount applies. */
export function veloPromoProblem(ctx: VeloPromoContext & { code: string; configured?: string }): string | null {
  if (!isVeloPromoCode(ctx.code, ctx.configured)) return 'Такого промокоду не існує';
  return veloPromoBlocker(ctx);
}

/** The unit price of a line in kopiykas once the velo discount applies (velo lines only). */
export function veloLinePrice(kop: number, line: Pick<CartLine, 'tags'>): number {
  return isVelo(line) ? percentOff(kop, VELO_DISCOUNT_PERCENT) : kop;
}
