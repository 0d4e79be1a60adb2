import * as z from 'zod/mini';
import { encodeLiqpay, type LiqpayKeys } from './liqpay';

/**
 * LiqPay's server API (API v3, `POST LIQPAY_API_URL` with a signed form, `data` and `signature`
 * as on the checkout link): the status request and the refund. Without real keys the sandbox
 * answers the same requests locally (liqpay-local-api.ts).
 */

/** What the API answers (the parts read); `err_code` when it refuses or knows no such payment. */
export const apiAnswer = z.object({
  result: z.optional(z.string()),
  status: z.optional(z.string()),
  order_id: z.optional(z.string()),
  amount: z.optional(z.number()),
  currency: z.optional(z.string()),
  err_code: z.optional(z.string()),
});
export type ApiAnswer = z.infer<typeof apiAnswer>;

/** How long one API request may take before it counts as unanswered. */
const API_TIMEOUT_MS = 10_000;

/**
 * Posts one signed request. Null when the provider cannot be reached or answers something
 * unreadable: then nothing is decided, and the next check asks again.
 */
async function request(
  keys: LiqpayKeys,
  apiUrl: string,
  params: Record<string, unknown>,
  doFetch: typeof fetch,
): Promise<ApiAnswer | null> {
  const signed = encodeLiqpay(keys, { version: 3, public_key: keys.publicKey, ...params });
  try {
    const res = await doFetch(apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(signed).toString(),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (!res.ok) return null;
    const parsed = apiAnswer.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A payment's status (`action: "status"`). */
export function liqpayStatus(
  keys: LiqpayKeys,
  apiUrl: string,
  providerOrderId: string,
  doFetch: typeof fetch = fetch,
): Promise<ApiAnswer | null> {
  return request(keys, apiUrl, { action: 'status', order_id: providerOrderId }, doFetch);
}

/**
 * Returns a payment's money to the payer (`action: "refund"`, amount in UAH). LiqPay answers
 * `status: "reversed"` once it is done; anything else (an error, no answer) leaves it undone or
 * unknown, which the caller settles with a status request before it ever asks again.
 */
export function liqpayRefund(
  keys: LiqpayKeys,
  apiUrl: string,
  providerOrderId: string,
  amountUah: number,
  doFetch: typeof fetch = fetch,
): Promise<ApiAnswer | null> {
  return request(keys, apiUrl, { action: 'refund', order_id: providerOrderId, amount: amountUah }, doFetch);
}
