// Card payment (docs/rules.md#states, docs/rules.md#error-reactions, docs/rules.md#constants): a LiqPay link for an own unpaid card order, asked again every
// 2 s while the answer has no link, at most 5 times; any failure stops with 'Сталася помилка'.
import { kvGet } from '../../db/kv';
import { requestPaymentLink, type PaymentLinkResult } from '../../domain/order/payment-link';
import type { ShopVariant } from '../../domain/catalogue/catalogue';
import type { CheckoutEnv } from './reads';
import { queuePaymentLink } from '../mutations/checkout/payment-link';
import { MutationRefusedError, sendOnline } from '../engine/online-only';
import { accountOf } from '../auth/session';

/**
 * The payment link of an order of `variant` (docs/api.md#orders get-liqpay-link), online only, each ask
 * under its own Idempotency-Key. `sleep` is for tests.
 */
export async function paymentLinkFor(
  env: CheckoutEnv,
  variant: ShopVariant,
  orderId: number,
  sleep?: (ms: number) => Promise<void>,
): Promise<PaymentLinkResult> {
  const account = await accountOf(env.db, variant);
  if (!account) return { ok: false, attempts: 0, error: new Error('signed out') };
  return requestPaymentLink(async () => {
    let r;
    try {
      r = await sendOnline(env.outbox, env.online, () => queuePaymentLink(env.db, account, orderId));
    } catch (e) {
      // A refusal (a paid or closed order) is not left in the failed list: the screen says why.
      if (e instanceof MutationRefusedError) {
        const failed = (await env.db.outbox.where('kind').equals('order-payment-link').toArray()).filter(
          (x) => x.state === 'failed',
        );
        for (const f of failed) await env.outbox.cancelFailed(f.id);
      }
      throw e;
    }
    if (r.state === 'waiting') throw new Error(r.reason);
    const answer = await kvGet(env.db, 'paymentLink');
    if (!answer || answer.key !== r.id) throw new Error('payment link answer missing');
    return { success: answer.success, link: answer.link };
  }, sleep);
}
