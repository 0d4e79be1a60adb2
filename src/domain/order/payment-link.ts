/** docs/rules.md#constants: a payment link is asked again every 2000 ms… */
export const PAYMENT_LINK_RETRY_MS = 2000;
/** …while attempts are 5 or fewer. */
export const PAYMENT_LINK_MAX_ATTEMPTS = 5;
/** docs/rules.md#error-reactions: the toast of a payment link failure. */
export const PAYMENT_LINK_ERROR = 'Сталася помилка';

/** One answer of get-liqpay-link (docs/api.md#orders: success, link). */
export interface PaymentLinkAnswer {
  success: boolean;
  link: string;
}

export type PaymentLinkResult =
  { ok: true; link: string; attempts: number } | { ok: false; attempts: number; error: unknown };

/**
 * docs/rules.md#states "Card payment": asks for the link; success with a link is the result; success without
 * one asks again after {@link PAYMENT_LINK_RETRY_MS} while attempts are
 * {@link PAYMENT_LINK_MAX_ATTEMPTS} or fewer; a failure (a thrown error, or `success: false`)
 * stops at once. `sleep` is injected so tests run it on fake timers.
 */
export async function requestPaymentLink(
  ask: (attempt: number) => Promise<PaymentLinkAnswer>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<PaymentLinkResult> {
  for (let attempt = 1; attempt <= PAYMENT_LINK_MAX_ATTEMPTS; attempt += 1) {
    let answer: PaymentLinkAnswer;
    try {
      answer = await ask(attempt);
    } catch (error) {
      return { ok: false, attempts: attempt, error };
    }
    if (!answer.success) return { ok: false, attempts: attempt, error: new Error('payment link refused') };
    if (answer.link) return { ok: true, link: answer.link, attempts: attempt };
    if (attempt < PAYMENT_LINK_MAX_ATTEMPTS) await sleep(PAYMENT_LINK_RETRY_MS);
  }
  return { ok: false, attempts: PAYMENT_LINK_MAX_ATTEMPTS, error: new Error('no payment link') };
}
