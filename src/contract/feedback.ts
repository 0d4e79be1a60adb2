import * as z from 'zod/mini';
import { defineCall, expiringToken, isoDateTime } from './define';
import { intQuery } from './query-params';

/*
 * Feedback on online orders and in-store purchases (docs/rules.md#entities "Feedback", docs/api.md#feedback). Every call needs
 * the member's bearer and a live feedback token of that same member from feedback/get-auth;
 * a dead or foreign one answers 401 `feedback_unauthenticated`, and the app clears its
 * feedback token (docs/rules.md#error-reactions). One feedback per order and per in-store purchase (409 feedback_exists).
 */

const feedbackToken = z.string().check(z.minLength(1), z.maxLength(200));
const id = z.number().check(z.int(), z.positive(), z.lte(2_147_483_647));
const text = z.string().check(z.maxLength(2000));

/** Which shop an online order belongs to: 'velo' names velo orders of the ogo shop. */
export const feedbackShop = z.enum(['glo', 'ogo', 'velo']);

export const feedbackPhoto = z.object({ id: z.number(), mime: z.string(), size: z.number() });

/** The app variant a purchase belongs to: its /feedback offers and lists only its own (velo orders are ogo's). */
export const feedbackVariant = z.enum(['glo', 'ogo']);

export const feedbackEntry = z.object({
  id: z.number(),
  kind: z.enum(['online', 'offline']),
  shop: z.string(),
  orderId: z.nullable(z.number()),
  offlinePurchaseId: z.nullable(z.number()),
  rating: z.number(),
  text: z.string(),
  created_at: isoDateTime,
  photos: z.array(feedbackPhoto),
  variant: feedbackVariant,
  /** What was rated, in the member's words: the online order's № and date, or the store and the purchase date. */
  orderNumber: z.nullable(z.number()),
  store: z.nullable(z.string()),
  /** When the order was placed or the purchase made. */
  boughtAt: z.nullable(isoDateTime),
});
export type FeedbackEntry = z.infer<typeof feedbackEntry>;

export const offlineOrder = z.object({
  id: z.number(),
  /** The brand of the store: glo studio or an ogo store. */
  variant: feedbackVariant,
  store: z.string(),
  address: z.string(),
  date: isoDateTime,
  /** Price per unit in kopiykas. */
  items: z.array(z.object({ title: z.string(), quantity: z.number(), price: z.number() })),
  /** Kopiykas. */
  total: z.number(),
  canFeedback: z.boolean(),
  feedbackId: z.nullable(z.number()),
});
export type OfflineOrder = z.infer<typeof offlineOrder>;

/** GET /api/feedback/get-auth -> token, expired_at (docs/api.md#feedback). */
export const feedbackGetAuth = defineCall({
  method: 'GET',
  path: '/api/feedback/get-auth',
  auth: 'member',
  mutation: false,
  summary: 'Feedback token (24 hours)',
  request: z.object({}),
  response: expiringToken,
});

/** POST /api/feedback/can-write-by-order {shop, token, shopifyId, orders} (docs/api.md#feedback; docs/rules.md#entities showCan, canFeedback). */
export const feedbackCanWriteByOrder = defineCall({
  method: 'POST',
  path: '/api/feedback/can-write-by-order',
  auth: 'member',
  mutation: false,
  summary:
    'Which of the member’s orders (all, or the ids in `orders`) can take feedback: delivered, not failed or refunded, ' +
    'no feedback yet. `shopifyId` is the member’s own record of that shop (403 otherwise)',
  request: z.object({
    shop: feedbackShop,
    token: feedbackToken,
    shopifyId: id,
    orders: z.optional(z.array(id).check(z.maxLength(100))),
  }),
  response: z.object({
    shop: feedbackShop,
    showCan: z.boolean(),
    canFeedback: z.array(
      z.object({ id: z.number(), order_number: z.number(), created_at: isoDateTime, total: z.number() }),
    ),
  }),
});

/**
 * POST /api/feedback/send?shop&token (docs/api.md#feedback), multipart/form-data: text fields `orderId`,
 * `rating` (1-5), `text` (up to 2000 characters), and up to 5 files `photos` (JPEG, PNG or
 * WebP by their content, 5 MB each). `shop` and `token` come in the query string.
 */
export const feedbackSend = defineCall({
  method: 'POST',
  path: '/api/feedback/send',
  auth: 'member',
  mutation: true,
  multipart: true,
  summary:
    'Feedback with photos on a delivered order of the member. 409 feedback_exists on a second one, 422 order_not_delivered, ' +
    '400 photo_not_image / too_many_photos, 413 photo_too_large',
  request: z.object({
    orderId: intQuery,
    rating: z.string().check(z.regex(/^[1-5]$/)),
    text: z.optional(text),
    shop: z.optional(feedbackShop),
    token: z.optional(feedbackToken),
  }),
  response: z.object({ feedback: feedbackEntry }),
});

/** POST /api/feedback/send-offline {purchaseId, rating, text, phone, token} (docs/api.md#feedback). */
export const feedbackSendOffline = defineCall({
  method: 'POST',
  path: '/api/feedback/send-offline',
  auth: 'member',
  mutation: true,
  summary: 'Feedback on one of the member’s in-store purchases; `phone` is a contact number (Ukrainian mobile)',
  request: z.object({
    purchaseId: id,
    rating: z.number().check(z.int(), z.minimum(1), z.maximum(5)),
    text: z.optional(text),
    phone: z.string().check(z.minLength(9), z.maxLength(20)),
    token: feedbackToken,
  }),
  response: z.object({ feedback: feedbackEntry }),
});

/** POST /api/feedback/get-offline-orders {token} (docs/api.md#feedback; docs/rules.md#entities offline {showCan}, offlineOrders). */
export const feedbackGetOfflineOrders = defineCall({
  method: 'POST',
  path: '/api/feedback/get-offline-orders',
  auth: 'member',
  mutation: false,
  summary:
    'The member’s in-store purchases of both brands, newest first, each with its brand (`variant`: the app offers each variant ' +
    'its own); showCan when one still can take feedback',
  request: z.object({ token: feedbackToken }),
  response: z.object({ showCan: z.boolean(), orders: z.array(offlineOrder) }),
});

/** POST /api/feedback/import-orders-in-background {token} (docs/api.md#feedback; the app asks at most once a day, docs/rules.md#constants). */
export const feedbackImportOrders = defineCall({
  method: 'POST',
  path: '/api/feedback/import-orders-in-background',
  auth: 'member',
  mutation: true,
  summary: 'Imports the member’s in-store purchases from the store system; repeating it adds nothing twice',
  request: z.object({ token: feedbackToken }),
  response: z.object({ status: z.literal('done'), imported: z.number() }),
});

/** POST /api/feedback/get-list {token}: the member's own feedback (the reference server's own call, docs/api.md#feedback; lets the app show what was sent). */
export const feedbackGetList = defineCall({
  method: 'POST',
  path: '/api/feedback/get-list',
  auth: 'member',
  mutation: false,
  summary: 'The member’s feedback, newest first, with the photos’ ids',
  request: z.object({ token: feedbackToken }),
  response: z.object({ feedback: z.array(feedbackEntry) }),
});

/**
 * GET /api/feedback/get-photo?id: one photo of the member's feedback, base64 (the reference server's own call, docs/api.md#feedback).
 * The bearer alone proves whose it is: no feedback token travels in the URL, where access and
 * proxy logs would keep it (a `token` query parameter is refused with 400 token_in_url).
 */
export const feedbackGetPhoto = defineCall({
  method: 'GET',
  path: '/api/feedback/get-photo',
  auth: 'member',
  mutation: false,
  summary:
    'A photo of the member’s own feedback as base64 with its type; someone else’s is 403. Bearer only: a token in the query is 400',
  request: z.object({ id: intQuery }),
  response: z.object({ id: z.number(), feedbackId: z.number(), mime: z.string(), size: z.number(), data: z.string() }),
});

export const feedbackCalls = {
  getAuth: feedbackGetAuth,
  canWriteByOrder: feedbackCanWriteByOrder,
  send: feedbackSend,
  sendOffline: feedbackSendOffline,
  getOfflineOrders: feedbackGetOfflineOrders,
  importOrdersInBackground: feedbackImportOrders,
  getList: feedbackGetList,
  getPhoto: feedbackGetPhoto,
} as const;
