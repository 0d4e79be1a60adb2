import type { Generated } from 'kysely';

/**
 * Orders of both variants. The columns below are relied on by other groups (feedback reads
 * orders); more may be added. Money in kopiykas, JSON in text, times ISO strings.
 */
export interface OrdersTable {
  id: Generated<number>;
  customer_id: number;
  variant: 'glo' | 'ogo';
  /** Human number shown to the member, e.g. 10231. */
  order_number: number;
  /** 'pending' | 'paid' | 'failed' | 'refunded' */
  financial_status: string;
  /** null (not shipped) | 'fulfilled' (delivered) */
  fulfillment_status: string | null;
  /** 1 cash on delivery, 2 card, 3 paid fully with XP. */
  payment_method: number;
  /** Money total after discounts, kopiykas. */
  total: number;
  /** XP paid for bonus items. */
  xp_total: number;
  /** JSON array of order tags (docs/rules.md#constants). */
  tags: string;
  note: string;
  /** JSON: the Shopify-shaped order as stored (docs/rules.md#entities "Order payload"). */
  payload: string;
  created_at: string;
  updated_at: string;
  // Added by 007_catalogue, with defaults, so inserts that predate it stay valid.
  /** Kopiykas before discounts. */
  subtotal: Generated<number>;
  /** Kopiykas taken off (velo promo). */
  discount: Generated<number>;
  /** docs/rules.md#constants shipping option 1..4. */
  shipping_option: Generated<number>;
  /** docs/rules.md#entities delivery 1 branch, 2 courier, 3 iPost. */
  delivery_method: Generated<number>;
  delivery_city: Generated<string>;
  delivery_address: Generated<string>;
  /** null | 'confirmed' | 'in_transit' | 'delivered' */
  shipment_status: Generated<string | null>;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  variant_id: number;
  title: string;
  quantity: number;
  /** Unit price, kopiykas (0 for items paid with XP). */
  price: number;
  /** Unit XP price (0 for items paid with money). */
  xp_price: number;
}

export interface ShopTables {
  orders: OrdersTable;
  order_lines: OrderLinesTable;
}
