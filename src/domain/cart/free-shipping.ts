import type { ShopVariant } from '../catalogue/catalogue';

/** docs/rules.md#constants: free shipping from 399 UAH on glo and 120 UAH on ogo (the server's config may change them). */
export const FREE_SHIPPING_DEFAULTS: Record<ShopVariant, number> = { glo: 399, ogo: 120 };

/** UAH still to add for free shipping (0 once reached), for the cart's progress bar. */
export function leftForFreeShipping(
  variant: ShopVariant,
  moneyTotal: number,
  thresholds = FREE_SHIPPING_DEFAULTS,
): number {
  return Math.max(0, Math.round((thresholds[variant] - moneyTotal) * 100) / 100);
}
