import type { ShopVariant } from '../catalogue/catalogue';
import { FREE_SHIPPING_DEFAULTS } from '../cart/free-shipping';

export { FREE_SHIPPING_DEFAULTS, leftForFreeShipping } from '../cart/free-shipping';

/** docs/rules.md#entities: delivery 1 carrier branch, 2 courier to an address, 3 local courier (iPost). */
export type DeliveryMethod = 1 | 2 | 3;

/** docs/rules.md#constants: 1 carrier tariff paid by the recipient, 2 free, 3 free with bonus offers, 4 IPOST. */
export type ShippingOption = 1 | 2 | 3 | 4;

export const SHIPPING_TITLES: Record<ShippingOption, string> = {
  1: 'Доставка за тарифами перевізника (оплачує отримувач)',
  2: 'Безкоштовна доставка',
  3: 'Безкоштовна доставка з бонусною пропозицією',
  4: 'IPOST — кур’єр у твоєму місті',
};

/** docs/rules.md#constants: every shipping line costs 0; the carrier's tariff, when any, is paid on receipt. */
export const SHIPPING_PRICE = 0;
/** docs/rules.md#constants: fixed parts of every shipping address. */
export const SHIPPING_COUNTRY = 'Ukraine';
export const SHIPPING_ZIP = '01001';

/** docs/rules.md#constants: IPOST is the ogo shop's delivery type 3; glo has no local courier. */
export function deliveryMethodAllowed(variant: ShopVariant, method: DeliveryMethod): boolean {
  return method !== 3 || variant === 'ogo';
}

/**
 * docs/rules.md#constants: the shipping option of an order. The local courier is IPOST; an order paid only
 * with XP ships free as a bonus offer; from the variant's threshold (UAH, after discounts)
 * shipping is free; below it the recipient pays the carrier's tariff.
 */
export function shippingOption(opts: {
  variant: ShopVariant;
  delivery: DeliveryMethod;
  /** UAH after discounts. */
  moneyTotal: number;
  xpTotal: number;
  thresholds?: Record<ShopVariant, number>;
}): ShippingOption {
  if (opts.delivery === 3) return 4;
  if (opts.moneyTotal === 0 && opts.xpTotal > 0) return 3;
  const threshold = (opts.thresholds ?? FREE_SHIPPING_DEFAULTS)[opts.variant];
  return opts.moneyTotal >= threshold ? 2 : 1;
}

/** A Shopify shipping line for an option. */
export function shippingLine(option: ShippingOption): { code: string; title: string; price: string; source: string } {
  return { code: String(option), title: SHIPPING_TITLES[option], price: SHIPPING_PRICE.toFixed(2), source: 'pwa' };
}
