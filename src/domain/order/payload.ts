import { CURRENCY, moneyString, toKop, toUah } from '../format/money';
import { SHIPPING_COUNTRY, SHIPPING_ZIP, shippingLine, type ShippingOption } from '../delivery/shipping';

/** docs/rules.md#entities, docs/rules.md#constants: what the member picks: 1 cash on delivery, 2 card. */
export type PaymentChoice = 1 | 2;
/** How an order is paid: the choice, or 3 when it is paid fully with XP (money total 0). */
export type PaymentMethod = 1 | 2 | 3;

export const PAYMENT_GATEWAYS: Record<PaymentMethod, string> = { 1: 'Накладений платіж', 2: 'LiqPay', 3: 'XP' };

/** A line once priced: unit price in UAH after discounts, unit XP price (0 when paid with money). */
export interface PricedLine {
  variant_id: number;
  quantity: number;
  price: number;
  bonuses: number;
}

export interface OrderMetafield {
  namespace: string;
  key: string;
  value: string;
  type: string;
}

/** docs/rules.md#entities "Order payload": the Shopify-shaped order the app sends and the server stores. */
export interface ShopifyOrder {
  line_items: Array<{ quantity: number; variant_id: number; price?: string }>;
  customer: { id: number };
  /** Comma-separated, as Shopify keeps them. */
  tags: string;
  fulfillment_status: null;
  financial_status: 'pending' | 'paid';
  shipping_address: {
    first_name: string;
    last_name: string;
    address1: string;
    phone: string;
    city: string;
    province: string;
    country: string;
    zip: string;
  };
  shipping_lines: Array<{ code: string; title: string; price: string; source: string }>;
  payment_gateway_names: string[];
  transactions: Array<{ kind: 'sale'; status: 'pending'; gateway: string; amount: string }>;
  metafields: OrderMetafield[];
  note: string;
  /** docs/rules.md#constants: UAH. */
  currency: typeof CURRENCY;
}

/** Totals of priced lines: money in UAH (summed in kopiykas) and XP. */
export function pricedTotals(lines: readonly PricedLine[]): { money: number; xp: number } {
  let kop = 0;
  let xp = 0;
  for (const l of lines) {
    kop += toKop(l.price) * l.quantity;
    xp += l.bonuses * l.quantity;
  }
  return { money: toUah(kop), xp };
}

/** docs/rules.md#states: 'paid' when the money total is zero but a bonus total exists (paid with XP), else 'pending'. */
export function financialStatus(money: number, xp: number): 'pending' | 'paid' {
  return toKop(money) === 0 && xp > 0 ? 'paid' : 'pending';
}

/** An order with nothing to pay in money is paid with XP, whatever was picked. */
export function paymentMethodOf(choice: PaymentChoice, money: number): PaymentMethod {
  return toKop(money) === 0 ? 3 : choice;
}

/** Builds the Shopify-shaped order (docs/rules.md#entities, docs/rules.md#states, docs/rules.md#constants) from priced lines and the member's choices. */
export function buildOrderPayload(draft: {
  customerId: number;
  lines: readonly PricedLine[];
  recipient: { first_name: string; last_name: string; phone: string };
  address: { city: string; province: string; address1: string };
  payment: PaymentChoice;
  shippingOption: ShippingOption;
  tags: readonly string[];
  note?: string;
  metafields?: readonly OrderMetafield[];
}): ShopifyOrder {
  const { money, xp } = pricedTotals(draft.lines);
  const method = paymentMethodOf(draft.payment, money);
  const gateway = PAYMENT_GATEWAYS[method];
  const metafields: OrderMetafield[] = [...(draft.metafields ?? [])];
  if (xp > 0) metafields.push({ namespace: 'pwa', key: 'xp_total', value: String(xp), type: 'number_integer' });
  return {
    line_items: draft.lines.map((l) =>
      l.bonuses > 0 && toKop(l.price) === 0
        ? { quantity: l.quantity, variant_id: l.variant_id }
        : { quantity: l.quantity, variant_id: l.variant_id, price: moneyString(l.price) },
    ),
    customer: { id: draft.customerId },
    tags: draft.tags.join(', '),
    fulfillment_status: null,
    financial_status: financialStatus(money, xp),
    shipping_address: {
      ...draft.recipient,
      address1: draft.address.address1,
      city: draft.address.city,
      province: draft.address.province,
      country: SHIPPING_COUNTRY,
      zip: SHIPPING_ZIP,
    },
    shipping_lines: [shippingLine(draft.shippingOption)],
    payment_gateway_names: [gateway],
    // Paid with XP: no money changes hands, so no transaction (docs/rules.md#states).
    transactions: method === 3 ? [] : [{ kind: 'sale', status: 'pending', gateway, amount: moneyString(money) }],
    metafields,
    note: draft.note ?? '',
    currency: CURRENCY,
  };
}
