import * as z from 'zod/mini';
import { defineCall, expiringToken, ogoFlag } from './define';

/** GET /api/analytics/get-bat-token -> token, expired_at (spec §7; cached by the app until expiry). */
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
 * POST /api/analytics/send-bat-event {event, token, data{customer_id, page_url}, {product}} (spec §7).
 * Each accepted call stores one event; a dead token answers 401 and the app clears its analytics token (§8).
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
      customer_id: z.number().check(z.int(), z.positive()),
      page_url: z.string().check(z.maxLength(2000)),
    }),
    ogo: ogoFlag,
  }),
  response: z.object({ ok: z.literal(true), id: z.number() }),
});

export const analyticsCalls = { getBatToken, sendBatEvent } as const;
