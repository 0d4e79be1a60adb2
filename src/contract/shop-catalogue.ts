import * as z from 'zod/mini';
import { MAX_CART_LINES } from '../domain/cart/cart';
import { defineCall, ogoFlag } from './define';

/** A row id: a positive integer that fits the database's integer column. */
export const rowId = z.number().check(z.int(), z.positive(), z.lte(2_147_483_647));
export const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/**
 * A catalogue product (docs/rules.md#entities "Product", plus what a card and the cart need).
 * `price` in UAH; `bonuses` is the XP price of bonus items (null when paid with money);
 * `quantity` is the pack size (pieces per unit) for sticks, cigarettes and pouches, 1 otherwise.
 */
export const product = z.object({
  id: z.number(),
  variant_id: z.number(),
  title: z.string(),
  subTitle: z.string(),
  description: z.string(),
  price: z.number(),
  bonuses: z.nullable(z.number()),
  collectionId: z.number(),
  /** Catalogue category slug of docs/rules.md#constants (sticks, ogo-velo, ...): the list route `/shop/<category>`. */
  category: z.string(),
  quantity: z.number(),
  /** e.g. ipost_allow, velo, velo_gift, mix_pack. */
  tags: z.array(z.string()),
  /** The product's picture, long-cached: `/media/products/<id>.webp` (360 px; `?w=720` for 720 px). */
  image: z.string(),
  available: z.boolean(),
});
export type Product = z.infer<typeof product>;

/**
 * POST /api/api-shop/get-products-by-collection {collectionId, {product}, bonus} (docs/api.md#shop).
 * The products of one collection of the variant asked for, in display order (out-of-stock
 * ones too, with `available: false`). `bonus: true` keeps only items paid with XP.
 * A collection of the other variant is 404.
 */
export const getProductsByCollection = defineCall({
  method: 'POST',
  path: '/api/api-shop/get-products-by-collection',
  auth: 'member',
  mutation: false,
  summary: 'Products of one catalogue collection of a variant',
  request: z.object({ collectionId: rowId, ogo: ogoFlag, bonus: z.optional(z.boolean()) }),
  response: z.object({
    collection: z.object({ id: z.number(), category: z.string(), title: z.string(), bonus: z.boolean() }),
    products: z.array(product),
  }),
});

/** POST /api/api-shop/get-product-by-id {id, {product}} (docs/api.md#shop): one product of the variant, else 404. */
export const getProductById = defineCall({
  method: 'POST',
  path: '/api/api-shop/get-product-by-id',
  auth: 'member',
  mutation: false,
  summary: 'One product of the variant’s catalogue',
  request: z.object({ id: rowId, ogo: ogoFlag }),
  response: z.object({ product }),
});

/**
 * POST /api/api-shop/get-products-by-id {prods: [{variant_id, id, bonuses}], {product}} (docs/api.md#shop):
 * the cart refresh of docs/rules.md#states. Answers only the products still on sale in the variant, with their
 * current price and bonuses; the others are simply absent.
 */
export const getProductsById = defineCall({
  method: 'POST',
  path: '/api/api-shop/get-products-by-id',
  auth: 'member',
  mutation: false,
  summary: 'Current price and bonuses of the cart’s products still on sale',
  request: z.object({
    prods: z
      .array(z.object({ variant_id: rowId, id: rowId, bonuses: z.optional(z.nullable(z.number())) }))
      .check(z.maxLength(MAX_CART_LINES)),
    ogo: ogoFlag,
  }),
  response: z.object({ products: z.array(product) }),
});
