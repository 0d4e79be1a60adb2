import type { AppDeps } from '../../context';
import { notFound, unprocessable } from '../../errors';
import { providersOf } from '../../providers/index';
import type { CallbackData } from '../../sandboxes/liqpay';
import { liqpayStatus } from '../../sandboxes/liqpay-api';
import { paymentKeys } from './payment-keys';
import { refundAttempt, runDueRefunds } from './payment-refund';
import { settleReferral } from './referral-credits';

/** LiqPay's statuses of a finished payment; anything else (processing, 3DS wait...) changes nothing yet. */
const PAID = new Set(['success', 'sandbox']);
const FAILED = new Set(['failure', 'error', 'reversed']);

/**
 * An attempt's status (card_payments.status): `created` (open), `success`, `failure`, or
 * `refund_due`: money taken for an order that another attempt had already paid (or that was
 * closed meanwhile). Such a payment is never counted as the order's; it is refunded
 * (`refunding`, `refunded`, or `refund_failed` and tried again: payment-refund.ts).
 */
export type AttemptStatus =
  'created' | 'success' | 'failure' | 'refund_due' | 'refunding' | 'refunded' | 'refund_failed';

export interface Settled {
  orderNumber: number;
  outcome: 'paid' | 'failed' | 'pending';
}

/**
 * Applies a verified payment result (a signed callback, or the provider's own answer to a status
 * request): the attempt and its order become paid or failed. A paid order never goes back; a
 * repeated result changes nothing more; a success for an order that is no longer open (another
 * attempt paid it) is flagged `refund_due`, never counted twice, and refunded at once.
 */
export async function settle(deps: AppDeps, cb: CallbackData): Promise<Settled> {
  const pay = await deps.db
    .selectFrom('card_payments')
    .selectAll()
    .where('provider_order_id', '=', cb.order_id)
    .executeTakeFirst();
  if (!pay) throw notFound('Платіж не знайдено', 'payment_not_found');
  if (Math.round(cb.amount * 100) !== pay.amount || cb.currency !== 'UAH')
    throw unprocessable('payment_mismatch', 'Сума або валюта платежу не збігається із замовленням');
  const now = deps.clock.now().toISOString();
  // LiqPay answers `sandbox` for a test payment, in which no money moved. With real keys (a shop
  // account left in test mode, a test card on the live shop) it never settles an order: the
  // attempt counts as declined, so the member can pay for real with a new link.
  const test = cb.status === 'sandbox' && providersOf(deps.config).card === 'liqpay';
  const paid = !test && PAID.has(cb.status);
  const failed = test || FAILED.has(cb.status);
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
      let q = trx
        .updateTable('orders')
        .set({ financial_status: paid ? 'paid' : 'failed', updated_at: now })
        .where('id', '=', pay.order_id);
      q = paid ? q.where('financial_status', 'in', ['pending', 'failed']) : q.where('financial_status', '=', 'pending');
      const counted = Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
      // A friend's first order paid: the referrer's pending credit is owed now.
      if (paid && counted) await settleReferral(trx, pay.order_id, deps.clock.now());
      if (!paid || counted) return false;
      // Money taken for an order that is paid already (or closed): kept apart for a refund.
      await trx
        .updateTable('card_payments')
        .set({ status: 'refund_due', updated_at: now })
        .where('id', '=', pay.id)
        .execute();
      return true;
    });
  }
  const order = await deps.db
    .selectFrom('orders')
    .select(['order_number', 'financial_status'])
    .where('id', '=', pay.order_id)
    .executeTakeFirstOrThrow();
  const line = {
    event: 'payment_status',
    payment: cb.order_id,
    order: order.order_number,
    amount: pay.amount / 100,
    status: cb.status,
  };
  if (test)
    deps.log?.warn(line, 'test payment (status sandbox) on a server with real LiqPay keys: not counted as paid');
  if (refund) deps.log?.warn(line, 'second payment of an order already paid: flagged for refund');
  const state =
    refund || order.financial_status === 'paid' ? 'paid' : order.financial_status === 'failed' ? 'failed' : 'pending';
  deps.metrics?.payments.inc({ outcome: refund ? 'refund_due' : test ? 'test_payment' : state });
  // Returned at once; if the provider cannot take it now, the scheduled check tries again.
  if (refund) await refundAttempt(deps, pay.id);
  return { orderNumber: order.order_number, outcome: state };
}

/**
 * Asks LiqPay how an attempt stands (its status request) and applies a final answer. Nothing
 * happens without real LiqPay keys (the sandbox's own page settles its payments), or when the
 * provider cannot be reached or knows no such payment yet (the payer has not paid).
 */
export async function checkAttempt(
  deps: AppDeps,
  providerOrderId: string,
  doFetch: typeof fetch = fetch,
): Promise<Settled | null> {
  if (providersOf(deps.config).card !== 'liqpay') return null;
  const answer = await liqpayStatus(await paymentKeys(deps), deps.config.LIQPAY_API_URL, providerOrderId, doFetch);
  if (!answer)
    deps.log?.warn({ event: 'payment_status_check', payment: providerOrderId }, 'LiqPay status request unanswered');
  if (!answer?.status || answer.err_code === 'payment_not_found' || answer.amount === undefined) return null;
  if (answer.order_id !== undefined && answer.order_id !== providerOrderId) return null;
  try {
    return await settle(deps, {
      order_id: providerOrderId,
      status: answer.status,
      amount: answer.amount,
      currency: answer.currency ?? 'UAH',
    });
  } catch (err) {
    deps.log?.error(
      { event: 'payment_status_check', payment: providerOrderId, err: (err as Error).message },
      'LiqPay status not applied',
    );
    return null;
  }
}

/**
 * checkAttempt for an attempt still open, unless it was asked about in the last
 * PAYMENT_RETURN_CHECK_SECONDS: the claim is a conditional write of `checked_at`, so it holds
 * across instances. The member's return page needs no sign-in; without this each visit (a reload,
 * a bot) would be a request to LiqPay. Null when not asked or nothing was decided.
 */
export async function checkAttemptNow(
  deps: AppDeps,
  providerOrderId: string,
  doFetch: typeof fetch = fetch,
): Promise<Settled | null> {
  if (providersOf(deps.config).card !== 'liqpay') return null;
  const now = deps.clock.now();
  const since = new Date(now.getTime() - deps.config.PAYMENT_RETURN_CHECK_SECONDS * 1000).toISOString();
  const claimed = await deps.db
    .updateTable('card_payments')
    .set({ checked_at: now.toISOString() })
    .where('provider_order_id', '=', providerOrderId)
    .where('status', '=', 'created')
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', since)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? checkAttempt(deps, providerOrderId, doFetch) : null;
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
    // Another instance's run (or a member's return) that just asked about it is answer enough.
    const s = await checkAttemptNow(deps, r.provider_order_id, doFetch);
    if (s && s.outcome !== 'pending') settled += 1;
  }
  return settled;
}

/**
 * Every minute while card payments are on: open attempts are asked about at LiqPay (real keys
 * only), and refunds due are made or tried again (LiqPay, or the sandbox). Answers a stop function.
 */
export function startPaymentChecks(deps: AppDeps, everyMs = 60_000): () => void {
  if (providersOf(deps.config).card === 'off') return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    checkPendingPayments(deps)
      .then(() => runDueRefunds(deps))
      .catch((e: unknown) =>
        deps.log?.error({ event: 'payment_checks', err: String(e) }, 'scheduled payment check failed'),
      )
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
