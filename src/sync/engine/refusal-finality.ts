import type { OutboxError } from '../../db/rows-sync';

/**
 * Whether a refused change can pass if sent again later, from the server's error code (its API,
 * server/README.md): «Повторити» is offered only then. A refusal no later try changes offers
 * «Прибрати», and the way to support where the club can help.
 */
export interface RefusalVerdict {
  /** No later try of the same change can pass (the code is someone else's, unknown, of the other brand…). */
  final: boolean;
  /** Final, and support can help: the member may hold what another member took. */
  support: boolean;
}

/** Refusals that may pass later: the day, the balance, the stock, the member's record or the device changes. */
const MAY_PASS_LATER: ReadonlySet<string> = new Set([
  'device_daily_limit',
  'insufficient_xp',
  'age_not_verified',
  'product_unavailable',
  'payment_in_progress',
  'order_not_delivered',
  'too_many_favourites',
  'cart_too_big',
  'too_many_units',
  'tags_changed',
  'subscription_changed',
  // The device could not prepare or store it (src/sync/engine/classify.ts).
  'unexpected',
  'quota',
]);

/** Refusals of status 422 that no later try changes (422 says "not now" as often as "never"). */
const FINAL_422: ReadonlySet<string> = new Set([
  'code_other_brand',
  'device_other_brand',
  'friend_code_own',
  'friend_code_unknown',
  'promo_unknown',
  'product_unknown',
  'product_other_variant',
  'customer_variant_mismatch',
  'brand_mismatch',
  'shop_mismatch',
  'idempotency_mismatch',
  'already_paid',
  'order_closed',
  'not_card_order',
  'metafield_not_allowed',
  'tag_not_allowed',
  'velo_gift_not_allowed',
  'email_same',
]);

/** Final refusals support can look into. */
const SUPPORT_HELPS: ReadonlySet<string> = new Set(['code_used', 'device_taken']);

/**
 * The verdict on a refusal. Final: 400 (the same body again is refused again), 403 (someone
 * else's), 404 (there is no such thing), 409 (a real conflict: the transient ones never fail,
 * classify.ts), 413, a change this version cannot send, and the 422s listed; except the codes that
 * may pass later, whatever their status. Anything else (412 after its rebuilds, a 422 not listed)
 * may pass later.
 */
export function refusalVerdict(error: Pick<OutboxError, 'status' | 'code'>): RefusalVerdict {
  const final = MAY_PASS_LATER.has(error.code)
    ? false
    : [400, 403, 404, 409, 413].includes(error.status) || FINAL_422.has(error.code) || error.code === 'unknown_kind';
  return { final, support: final && SUPPORT_HELPS.has(error.code) };
}

/** Where a final refusal support can help with leads. */
export const SUPPORT_FIX = { path: '/support', label: 'Написати в підтримку' } as const;
