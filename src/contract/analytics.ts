import * as z from 'zod/mini';
import { defineCall, expiringToken, ogoFlag } from './define';

/** GET /api/analytics/get-bat-token -> token, expired_at (docs/api.md#analytics; cached by the app until expiry). */
export const getBatToken = defineCall({
  method: 'GET',
  path: '/api/analytics/get-bat-token',
  auth: 'member',
  mutation: false,
  summary: 'Token for sending analytics events',
  request: z.object({}),
  response: expiringToken,
});

/**
 * POST /api/analytics/send-bat-event {event, token, data{customer_id, page_url}, {product}} (docs/api.md#analytics).
 * Each accepted call stores one event; a dead token answers 401 and the app clears its analytics token (docs/rules.md#error-reactions).
 */
export const sendBatEvent = defineCall({
  method: 'POST',
  path: '/api/analytics/send-bat-event',
  auth: 'member',
  mutation: true,
  summary: 'Records one analytics event (page view, action)',
  request: z.object({
    event: z.string().check(z.minLength(1), z.maxLength(100)),
    token: z.string().check(z.minLength(1), z.maxLength(200)),
    data: z.object({
      customer_id: z.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
      page_url: z.string().check(z.maxLength(2000)),
    }),
    ogo: ogoFlag,
  }),
  response: z.object({ ok: z.literal(true), id: z.number() }),
});

/*
 * The other analytics calls of docs/api.md#analytics. Each stores one row in analytics_events (its `kind`
 * names the call) and, only when ANALYTICS_FORWARD_URL is configured, is forwarded there
 * without delaying or failing the call. Customer and order ids must be the member's own (403);
 * a missing or dead session is 401, which the app recognises on any /api/analytics/ path (docs/rules.md#error-reactions).
 */

/** A row id: a whole number that fits the 32-bit key columns (a bigger one is a 400, not a database error). */
const customerId = z.number().check(z.int(), z.positive(), z.lte(2_147_483_647));
const name = z.string().check(z.maxLength(100));
/** Empty, or an e-mail address. */
const email = z.union([z.literal(''), z.email().check(z.maxLength(254))]);
/** Any spelling of a phone; the server keeps its digits only (docs/rules.md#validation) and wants 10 to 15 of them. */
const phone = z.string().check(z.maxLength(32));
/** User-agent style text: accepted up to 4000 characters, stored cut at 500 (docs/rules.md#constants). */
const agentText = z.string().check(z.maxLength(4000));
const recorded = z.object({ ok: z.literal(true), id: z.number() });

/** POST /api/analytics/auth-bat {shopifyId, event, {product}}: a sign-in event of the record. */
export const authBat = defineCall({
  method: 'POST',
  path: '/api/analytics/auth-bat',
  auth: 'member',
  mutation: true,
  summary: 'Records a sign-in analytics event of one of the member’s records',
  request: z.object({ shopifyId: customerId, event: z.string().check(z.minLength(1), z.maxLength(100)), ogo: ogoFlag }),
  response: recorded,
});

/** POST /api/analytics/esputnik-add-contact {firstName, lastName, shopifyId, email, phone, {product}}. */
export const esputnikAddContact = defineCall({
  method: 'POST',
  path: '/api/analytics/esputnik-add-contact',
  auth: 'member',
  mutation: true,
  summary: 'Adds the member as a contact of the mailing service (stored; forwarded when configured)',
  request: z.object({ firstName: name, lastName: name, shopifyId: customerId, email, phone, ogo: ogoFlag }),
  response: recorded,
});

/** POST /api/analytics/pwa-add-order-info {transaction_id, shopify_id, os_name, os_version, phone_brand, phone_model}. */
export const pwaAddOrderInfo = defineCall({
  method: 'POST',
  path: '/api/analytics/pwa-add-order-info',
  auth: 'member',
  mutation: true,
  summary: 'The device an order was placed from; `transaction_id` is the order id, of the record `shopify_id`',
  request: z.object({
    transaction_id: customerId,
    shopify_id: customerId,
    os_name: agentText,
    os_version: agentText,
    phone_brand: agentText,
    phone_model: agentText,
  }),
  response: recorded,
});

/** A calendar day that exists: 2026-02-30 or month 13 are refused. */
function isRealDay(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** The day, optionally with a time and zone, of a sign-in: '2026-11-23' or '2026-11-23T10:00:00.000Z'. */
const loginDate = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}([T ][0-9:.]{5,12}(Z|[+-]\d{2}:?\d{2})?)?$/),
    z.refine(isRealDay, { message: 'Такої дати не існує' }),
  );

/** POST /api/analytics/esputnik-event-login {phone, date}: `phone` must be the member's own. */
export const esputnikEventLogin = defineCall({
  method: 'POST',
  path: '/api/analytics/esputnik-event-login',
  auth: 'member',
  mutation: true,
  summary: 'Records a login event for the mailing service; the phone must be the member’s own',
  request: z.object({ phone, date: loginDate }),
  response: recorded,
});

/** POST /api/analytics/esputnik-send-id {id, phone, email, {product}}: `id` is one of the member's records. */
export const esputnikSendId = defineCall({
  method: 'POST',
  path: '/api/analytics/esputnik-send-id',
  auth: 'member',
  mutation: true,
  summary: 'Links the member’s record id to their mailing-service contact',
  request: z.object({ id: customerId, phone, email, ogo: ogoFlag }),
  response: recorded,
});

export const analyticsCalls = {
  getBatToken,
  sendBatEvent,
  authBat,
  esputnikAddContact,
  pwaAddOrderInfo,
  esputnikEventLogin,
  esputnikSendId,
} as const;
