import type { CartLine } from '../domain/cart/cart';

/** Brand variant of an account (docs/rules.md#product, docs/rules.md#roles): each has its own customer record and cart. */
export type Variant = 'glo' | 'ogo' | 'velo';

/** A catalogue product as shown in a list (docs/rules.md#entities "Product"). Prices in UAH. */
export interface ProductRow {
  variant: Variant;
  id: number;
  /** Shop variant id (`variant_id`): what a cart line is keyed by. Version 3. */
  variantId: number;
  /** Catalogue category of docs/rules.md#constants (sticks, devices, ogo-velo, ...). */
  category: string;
  collectionId: number;
  title: string;
  subTitle: string;
  price: number;
  /** Price in XP when the product can be bought with points; null otherwise. */
  bonuses: number | null;
  /** Pack size (sticks), 1 otherwise. */
  quantity: number;
  tags: string[];
  image: string | null;
  /** Long description for the detail screen; '' when none. Version 3. */
  description: string;
  /** In stock; out-of-stock products are listed but cannot be added. Version 3. */
  available: boolean;
  /** Epoch ms when this row was written from the server. */
  fetchedAt: number;
}

/**
 * One catalogue collection of a variant (docs/api.md#shop get-products-by-collection): the list as the
 * server sent it, in display order. A list screen reads this one row: 5,000 products come back several
 * times faster than 5,000 separate rows through an index (bench/local-data; docs/performance-log.md).
 */
export interface CollectionRow {
  variant: Variant;
  id: number;
  category: string;
  title: string;
  products: ProductRow[];
  /** Epoch ms; 0 when it must be pulled again. */
  fetchedAt: number;
}

/** A stored cart line (the one shape of src/domain/cart/cart.ts): one cart per variant. */
export interface CartLineRow extends CartLine {
  variant: Variant;
  /** Epoch ms of the last change: lines show in the order they were added. */
  addedAt: number;
}

/** A product the member marked as favourite (docs/rules.md#states); the local store is the truth while entries wait. */
export interface FavouriteRow {
  variant: Variant;
  productId: number;
  addedAt: number;
}

/** An order from the purchase history (docs/rules.md#entities "Order payload", docs/api.md#orders get-orders). */
export interface OrderRow {
  variant: Variant;
  id: number;
  orderNumber: string;
  createdAt: string;
  /** UAH. */
  total: number;
  financialStatus: string;
  fulfillmentStatus: string | null;
  lines: Array<{ variantId: number; title: string; quantity: number; price: number }>;
  /** Outbox entry that created it, when it was placed from this device. */
  clientKey: string | null;
}
