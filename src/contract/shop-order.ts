import * as z from 'zod/mini';
import { MAX_LINE_COUNT } from '../domain/cart/cart';
import { defineCall, ogoFlag } from './define';
import { rowId, text } from './shop-catalogue';

const optText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));
/** 'HH:MM', 24-hour, as the call-back picker gives it (the same form send-phone-call takes). */
const clockTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));

/** The Shopify-shaped order the app built (docs/rules.md#entities "Order payload"); the server reads only these parts. */
const clientOrder = z.object({
  line_items: z
    .array(
      z.object({
        quantity: z.number().check(z.int(), z.positive(), z.lte(MAX_LINE_COUNT)),
        variant_id: rowId,
        /** Ignored: the server prices from its own catalogue. */
        price: z.optional(z.union([z.number(), z.string().check(z.maxLength(20))])),
      }),
    )
    .check(z.maxLength(50)),
  customer: z.optional(z.object({ id: rowId })),
  shipping_address: z.optional(
    z.object({
      first_name: optText(60),
      last_name: optText(60),
      phone: optText(20),
      address1: optText(300),
      city: optText(100),
    }),
  ),
  note: optText(1000),
});

/** docs/rules.md#entities "Delivery": 1 carrier branch, 2 courier to an address, 3 local courier (iPost, ogo only). */
export const deliveryChoice = z.object({
  method: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  city: text(100),
  province: optText(100),
  branch: optText(300),
  street: optText(200),
  house: optText(20),
  flat: optText(20),
});

/**
 * POST /api/api-shop/create-order {order, {product}, ...} -> order{id, order_number} (docs/api.md#orders).
 * The server recomputes prices, XP, discounts, shipping option, tags and financial status from
 * its own catalogue (what the client priced is ignored), spends the XP of bonus items in the
 * same transaction as the order, and refuses (422, Ukrainian reason) an empty cart, products of
 * the other variant or out of stock, iPost for items without `ipost_allow`, a bonus item mixed
 * with paid items (docs/rules.md#validation flag), a code that does not apply. `payment`: 1 cash, 2 card; an order
 * with nothing to pay in money is paid with XP.
 */
export const createOrder = defineCall({
  method: 'POST',
  path: '/api/api-shop/create-order',
  auth: 'member',
  mutation: true,
  summary: 'Places an order from the cart; the server prices it and spends the XP',
  request: z.object({
    order: clientOrder,
    ogo: ogoFlag,
    delivery: deliveryChoice,
    payment: z.optional(z.union([z.literal(1), z.literal(2)])),
    /** The velo promo (docs/rules.md#validation). */
    promocode: optText(50),
    /** A friend's member-get-member code (docs/rules.md#validation), first order only. */
    friendPromocode: optText(50),
    needCall: z.optional(z.boolean()),
    /** When needCall: the call-back day ('Сьогодні' or another label = tomorrow) and window. */
    callBack: z.optional(z.object({ day: text(20), from: clockTime, to: clockTime })),
  }),
  response: z.object({
    order: z.object({
      id: z.number(),
      order_number: z.number(),
      financial_status: z.string(),
      /** 1 cash, 2 card, 3 paid with XP. */
      payment_method: z.number(),
      /** UAH after discounts. */
      total: z.number(),
      xp_total: z.number(),
      shipping_option: z.number(),
      tags: z.array(z.string()),
    }),
    /** XP left on the variant's record. */
    balance: z.number(),
  }),
});

export const orderSummary = z.object({
  id: z.number(),
  order_number: z.number(),
  created_at: z.string(),
  /** pending | paid | failed | refunded */
  financial_status: z.string(),
  /** null (not shipped yet) | fulfilled (delivered) */
  fulfillment_status: z.nullable(z.string()),
  /** null | confirmed | in_transit | delivered */
  shipment_status: z.nullable(z.string()),
  payment_method: z.number(),
  /** UAH: before discounts, the discount, and what is paid. */
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  xp_total: z.number(),
  shipping_option: z.number(),
  tags: z.array(z.string()),
  delivery: z.object({ method: z.number(), city: z.string(), address: z.string() }),
  note: z.string(),
  /**
   * Card payments of this order given back to the payer: a second payment for an order another
   * attempt had already paid (the order stays paid by that one). UAH; `status` is `refunded` once
   * the provider confirmed it, else `refunding`. Absent when there is none (and from older servers).
   */
  refunds: z.optional(
    z.array(z.object({ amount: z.number(), status: z.string(), refunded_at: z.nullable(z.string()) })),
  ),
  lines: z.array(
    z.object({
      id: z.number(),
      variant_id: z.number(),
      title: z.string(),
      quantity: z.number(),
      price: z.number(),
      bonuses: z.number(),
      image: z.string(),
    }),
  ),
});

/**
 * POST /api/api-shop/get-orders {variant, shopifyId} -> list, mixPackIds, mixQuant (docs/api.md#orders).
 * The member's own orders of that record, newest first. `mixPackIds`: the variant's tasting
 * sets (tag mix_pack); `mixQuant`: how many of them the member has ordered (not failed).
 */
export const getOrders = defineCall({
  method: 'POST',
  path: '/api/api-shop/get-orders',
  auth: 'member',
  mutation: false,
  summary: 'Purchase history of the member’s record of a variant',
  request: z.object({ variant: z.enum(['glo', 'ogo']), shopifyId: rowId }),
  response: z.object({ list: z.array(orderSummary), mixPackIds: z.array(z.number()), mixQuant: z.number() }),
});
