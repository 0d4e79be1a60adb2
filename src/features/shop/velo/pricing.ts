import { cartMoney, type CartMoney } from '../../../domain/cart/money';
import type { CartLine } from '../../../domain/cart/cart';
import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import { VELO_PROMO } from './config';

/**
 * The cart's money with a kept velo code weighed (docs/rules.md#validation: velo lines × 0.8 when it applies).
 * Loaded only when a code is kept: without one the cart's plain totals are the same figures.
 */
export function veloPricing(
  variant: ShopVariant,
  lines: ReadonlyArray<Pick<CartLine, 'count' | 'price' | 'bonuses' | 'tags'>>,
  veloCode: string,
  customerTags: readonly string[],
): CartMoney {
  return cartMoney({ variant, lines, veloCode, customerTags, configuredVelo: VELO_PROMO });
}
