import * as z from 'zod/mini';
import { defineCall, ogoFlag } from './define';
import { rowId, text } from './shop-catalogue';

/**
 * POST /api/api-shop/get-liqpay-link {orderId, {product}, ogoAuthApiToken} -> success, link (docs/api.md#orders).
 * A LiqPay checkout link for the member's own unpaid card order: `data` (base64 JSON) and
 * `signature` = base64(sha1(private + data + private)). Without LiqPay keys the link opens the
 * server's sandbox checkout page. A paid order gets no new link (422 already_paid: a 409 would
 * read as "the same key still running", which clients retry).
 */
export const getLiqpayLink = defineCall({
  method: 'POST',
  path: '/api/api-shop/get-liqpay-link',
  auth: 'member',
  mutation: true,
  summary: 'Card payment link for an own unpaid card order',
  request: z.object({
    orderId: rowId,
    ogo: ogoFlag,
    /** When sent, must be the member's live ogo token (api-auth/get-ogo-token). */
    ogoAuthApiToken: z.optional(z.string().check(z.maxLength(200))),
  }),
  response: z.object({ success: z.boolean(), link: z.string() }),
});

const clock = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));

/**
 * POST /api/api-shop/send-phone-call {orderSum, orderNumber, orderPayment, callFrom, callTo,
 * phone, avgCheck, first_name, totalSpent, orders_count} (+ day) (docs/api.md#orders, docs/rules.md#validation): stores a
 * call-back request. `day` 'Сьогодні' means today, anything else (or none) tomorrow. The sums
 * the app sends are kept for the call centre as sent; the server adds its own figures.
 */
export const sendPhoneCall = defineCall({
  method: 'POST',
  path: '/api/api-shop/send-phone-call',
  auth: 'member',
  mutation: true,
  summary: 'Asks the shop to call the member back about an order',
  request: z.object({
    orderSum: z.optional(z.number().check(z.gte(0), z.lte(10_000_000))),
    orderNumber: z.optional(rowId),
    orderPayment: z.optional(z.union([z.number(), z.string().check(z.maxLength(30))])),
    callFrom: clock,
    callTo: clock,
    phone: text(20),
    avgCheck: z.optional(z.number().check(z.gte(0), z.lte(10_000_000))),
    first_name: z.optional(z.string().check(z.maxLength(60))),
    totalSpent: z.optional(z.number().check(z.gte(0), z.lte(1_000_000_000))),
    orders_count: z.optional(z.number().check(z.int(), z.gte(0), z.lte(1_000_000))),
    day: z.optional(z.string().check(z.maxLength(20))),
    ogo: ogoFlag,
  }),
  response: z.object({
    ok: z.literal(true),
    id: z.number(),
    day: z.enum(['today', 'tomorrow']),
    /** Kyiv date of the call, YYYY-MM-DD. */
    date: z.string(),
    from: z.string(),
    to: z.string(),
  }),
});

/**
 * POST /api/api-shop/send-promocode {code, orderId, shopDomain} (docs/api.md#orders). Records, against the
 * member's own order, the promo code used with it (a friend's REW- code or the velo promo),
 * once per order and code, for the shop at `shopDomain`.
 */
export const sendPromocode = defineCall({
  method: 'POST',
  path: '/api/api-shop/send-promocode',
  auth: 'member',
  mutation: true,
  summary: 'Records a promo code against an own order',
  request: z.object({ code: text(50), orderId: rowId, shopDomain: text(255) }),
  response: z.object({ ok: z.literal(true), id: z.number(), code: z.string(), orderId: z.number() }),
});
