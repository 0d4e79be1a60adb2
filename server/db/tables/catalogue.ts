import type { Generated } from 'kysely';

/**
 * The shop's catalogue and what hangs off orders: card payments, call-back requests, promo
 * codes, registered devices. Money in kopiykas, JSON in text, times ISO strings, booleans 0/1.
 */
export interface ProductsTable {
  id: Generated<number>;
  variant: 'glo' | 'ogo';
  /** Stable seed key, e.g. 'glo-sticks-amber-20'. */
  sku: string;
  /** The shop's variant id a cart line and an order line carry (one variant per product here). */
  variant_id: number;
  /** Home collection (src/domain/catalogue/catalogue.ts CATEGORIES); it may be listed in more (popular). */
  collection_id: number;
  category: string;
  title: string;
  sub_title: string;
  description: string;
  /** Kopiykas; 0 for bonus items and gifts. */
  price: number;
  /** XP price of a bonus item, null when it is paid with money. */
  xp_price: number | null;
  /** Pieces per unit for sticks, cigarettes and pouches; 1 otherwise. */
  pack_size: number;
  /** JSON array: ipost_allow, velo, velo_gift, mix_pack ... */
  tags: string;
  available: number;
  /** JSON of the drawing's parameters (shape, colours, label) for /media/products/<id>.svg. */
  art: string;
  sort: number;
  created_at: string;
  updated_at: string;
}

/** Which products a collection lists, in which order (a product may be in several). */
export interface CollectionProductsTable {
  collection_id: number;
  product_id: number;
  sort: number;
}

/** One LiqPay checkout attempt of a card order; the callback settles it. */
export interface CardPaymentsTable {
  id: Generated<number>;
  order_id: number;
  /** The `order_id` sent to LiqPay: unique per attempt, e.g. 'club-10231-7'. */
  provider_order_id: string;
  /** Kopiykas asked for. */
  amount: number;
  /**
   * 'created' | 'success' | 'failure', or for money taken for an order another attempt had paid:
   * 'refund_due' -> 'refunding' -> 'refunded' (or 'refund_failed', tried again later).
   * See server/routes/shop/payment-refund.ts.
   */
  status: string;
  /** The last callback's decoded data (JSON), for the record. */
  callback: string | null;
  created_at: string;
  updated_at: string;
  /** Refund tries so far (migration 022). */
  refund_attempts: Generated<number>;
  /** When the next refund try may start: the lease of a try in flight, or a failed try's retry time. */
  refund_after: string | null;
  /** When the provider confirmed the refund. */
  refunded_at: string | null;
  /** The provider's last refund error code, for the operator. */
  refund_error: string | null;
  /** The last status request made for the member's return (server/routes/shop/payment-return.ts). */
  checked_at: string | null;
}

/** A call-back request (send-phone-call): the window, and the figures for the call centre. */
export interface CallBackRequestsTable {
  id: Generated<number>;
  member_id: number;
  customer_id: number;
  variant: 'glo' | 'ogo';
  order_id: number | null;
  phone: string;
  first_name: string;
  day: 'today' | 'tomorrow';
  /** Kyiv date of the call, YYYY-MM-DD. */
  call_date: string;
  time_from: string;
  time_to: string;
  /** JSON of the sums the app sent (orderSum, avgCheck, totalSpent, ...), kept as sent. */
  client_figures: string;
  /** The server's own figures at the time (kopiykas). */
  orders_count: number;
  total_spent: number;
  created_at: string;
}

/** A promo code used with an order: a friend's REW- code or the velo promo. */
export interface OrderPromocodesTable {
  id: Generated<number>;
  order_id: number;
  member_id: number;
  code: string;
  /** 'friend' | 'velo' */
  kind: string;
  shop_domain: string;
  /** For a friend code: the member whose code it is. */
  referrer_member_id: number | null;
  created_at: string;
}

/**
 * XP owed to a member whose friend placed a first order with their REW- code (migration 023):
 * `pending` until that order is paid or handed over, then `credited` (a ledger line on the
 * referrer's record of the order's variant) or `void` (the order cancelled or returned, or the
 * referrer over the year's cap). One per order.
 */
export interface ReferralCreditsTable {
  id: Generated<number>;
  order_id: number;
  referrer_member_id: number;
  friend_member_id: number;
  /** The referrer's shop record the XP goes to (the variant the friend ordered on). */
  customer_id: number;
  amount: number;
  /** The ledger line's words, also shown while it is pending. */
  title: string;
  state: 'pending' | 'credited' | 'void';
  created_at: string;
  /** When it was credited or voided. */
  settled_at: string | null;
}

/** A registered device (/device-reg, get-devices): a serial belongs to one member. */
export interface DevicesTable {
  id: Generated<number>;
  member_id: number;
  customer_id: number;
  variant: 'glo' | 'ogo';
  /** Normalised: upper case, no spaces or dashes. */
  serial: string;
  model: string;
  title: string;
  registered_at: string;
}

/** Named counters (order numbers); incremented inside the transaction that uses the value. */
export interface ShopCountersTable {
  name: string;
  value: number;
}

/** Values the shop makes for itself once per deployment, e.g. the sandbox payment key. */
export interface ShopSettingsTable {
  name: string;
  value: string;
}

export interface CatalogueTables {
  products: ProductsTable;
  collection_products: CollectionProductsTable;
  card_payments: CardPaymentsTable;
  call_back_requests: CallBackRequestsTable;
  order_promocodes: OrderPromocodesTable;
  referral_credits: ReferralCreditsTable;
  devices: DevicesTable;
  shop_counters: ShopCountersTable;
  shop_settings: ShopSettingsTable;
}
