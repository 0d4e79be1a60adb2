import type { AppDeps } from '../../context';
import { notFound, unprocessable } from '../../errors';
import { providersOf } from '../../providers/index';
import { liqpayStatus, type CallbackData } from '../../sandboxes/liqpay';
import { paymentKeys } from './payment-keys';

/** LiqPay's statuses of a finished payment; anything else (processing, 3DS wait...) changes nothing yet. */
const PAID = new Set(['success', 'sandbox']);
const FAILED = new Set(['failure', 'error', 'reversed']);

/**
 * An attempt's status (card_payments.status): `created` (open), `success`, `failure`, or
 * `refund_due`: money taken for an order that another attempt had already paid (or that was
 * closed meanwhile). Such a payment is never counted as the order's; it waits for a refund.
 */
export type AttemptStatus = 'created' | 'success' | 'failure' | 'refund_due';

export interface Settled {
  orderNumber: number;
  outcome: 'paid' | 'failed' | 'pending';
}

/**
 * Applies a verified payment result (a signed callback, or the provider's own answer to a status
 * request): the attempt and its order become paid or failed. A paid order never goes back; a
 * repeated result changes nothing more; a success for an order that is no longer open (another
 * attempt paid it) is flagged `refund_due`, never counted twice.
 */
export async function settle(deps: AppDeps, cb: CallbackData): Promise<Settled> {
  const pay = await deps.db.selectFrom('card_payments').selectAll().where('provider_order_id', '=', cb.order_id).executeTakeFirst();
  if (!pay) throw notFound('Платіж не знайдено', 'payment_not_found');
  if (Math.round(cb.amount * 100) !== pay.amount || cb.currency !== 'UAH') throw unprocessable('payment_mismatch', 'Сума або валюта платежу не збігається із замовленням');
  const now = deps.clock.now().toISOString();
  const paid = PAID.has(cb.status);
  const failed = FAILED.has(cb.status);
  let refund = false;
  if (paid || failed) {
    refund = await deps.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('card_payments')
        .set({ status: paid ? 'success' : 'failure', callback: JSON.stringify(cb), updated_at: now })
        .where('id', '=', pay.id)
        .where('status', 'in', paid ? ['created', 'failure'] : ['created'])
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return false;
      let q = trx.updateTable('orders').set({ financial_status: paid ? 'paid' : 'failed', updated_at: now }).where('id', '=', pay.order_id);
      q = paid ? q.where('financial_status', 'in', ['pending', 'failed']) : q.where('financial_status', '=', 'pending');
      const counted = Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
      if (!paid || counted) return false;
      // Money taken for an order that is paid already (or closed): kept apart for a refund.
      await trx.updateTable('card_payments').set({ status: 'refund_due', updated_at: now }).where('id', '=', pay.id).execute();
      return true;
    });
  }
  const order = await deps.db.selectFrom('orders').select(['order_number', 'financial_status']).where('id', '=', pay.order_id).executeTakeFirstOrThrow();
  if (refund) console.warn(`[payments] second payment ${cb.order_id} of order №${order.order_number} (${pay.amount / 100} UAH): flagged for refund`);
  const outcome = refund ? 'refund_due' : order.financial_status === 'paid' ? 'paid' : order.financial_status === 'failed' ? 'failed' : 'pending';
  deps.metrics?.payments.inc({ outcome });
  return { orderNumber: order.order_number, outcome: outcome === 'refund_due' ? 'paid' : outcome };
}

/**
 * Asks LiqPay how an attempt stands (its status request) and applies a final answer. Nothing
 * happens without real LiqPay keys (the sandbox's own page settles its payments), or when the
 * provider cannot be reached or knows no such payment yet (the payer has not paid).
 */
export async function checkAttempt(deps: AppDeps, providerOrderId: string, doFetch: typeof fetch = fetch): Promise<Settled | null> {
  if (providersOf(deps.config).card !== 'liqpay') return null;
  const answer = await liqpayStatus(await paymentKeys(deps), deps.config.LIQPAY_API_URL, providerOrderId, doFetch);
  if (!answer?.status || answer.err_code === 'payment_not_found' || answer.amount === undefined) return null;
  if (answer.order_id !== undefined && answer.order_id !== providerOrderId) return null;
  try {
    return await settle(deps, { order_id: providerOrderId, status: answer.status, amount: answer.amount, currency: answer.currency ?? 'UAH' });
  } catch (err) {
    console.error(`[payments] status of ${providerOrderId} not applied: ${(err as Error).message}`);
    return null;
  }
}

/**
 * The scheduled check: every attempt still open PAYMENT_CHECK_AFTER_MINUTES after it was made (and
 * at most a week old) is asked about at the provider, oldest first, at most `limit` per run.
 * Answers how many were settled.
 */
export async function checkPendingPayments(deps: AppDeps, limit = 50, doFetch: typeof fetch = fetch): Promise<number> {
  if (providersOf(deps.config).card !== 'liqpay') return 0;
  const now = deps.clock.now().getTime();
  const rows = await deps.db
    .selectFrom('card_payments')
    .select('provider_order_id')
    .where('status', '=', 'created')
    .where('created_at', '<', new Date(now - deps.config.PAYMENT_CHECK_AFTER_MINUTES * 60_000).toISOString())
    .where('created_at', '>', new Date(now - 7 * 86_400_000).toISOString())
    .orderBy('created_at')
    .limit(limit)
    .execute();
  let settled = 0;
  for (const r of rows) {
    const s = await checkAttempt(deps, r.provider_order_id, doFetch);
    if (s && s.outcome !== 'pending') settled += 1;
  }
  return settled;
}

/** Runs the scheduled check every minute while real LiqPay keys are set; answers a stop function. */
export function startPaymentChecks(deps: AppDeps, everyMs = 60_000): () => void {
  if (providersOf(deps.config).card !== 'liqpay') return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    checkPendingPayments(deps)
      .catch((e: unknown) => console.error('[payments] scheduled status check failed', e))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
