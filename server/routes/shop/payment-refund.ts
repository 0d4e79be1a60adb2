import type { AppDeps } from '../../context';
import type { Db } from '../../db/connect';
import { providersOf } from '../../providers/index';
import { liqpayRefund, liqpayStatus } from '../../sandboxes/liqpay-api';
import { sandboxLiqpayApi } from '../../sandboxes/liqpay-local-api';
import { paymentKeys } from './payment-keys';

/**
 * Refunds of money taken for an order another attempt had already paid (payment-settle.ts flags
 * such an attempt `refund_due`). Each attempt moves through the database, each step a
 * compare-and-set on its status and try count, so however many instances, callbacks and
 * scheduled runs reach it, one of them runs each try:
 *
 *   refund_due -> refunding -> refunded
 *                 refunding -> refund_failed -> (its retry time) refunding -> ...
 *
 * A try that failed or never finished (no answer, its process gone) may still have reached the
 * provider, so every later try asks for the payment's status first and sends no refund when the
 * money is already back (`reversed`).
 */

/** Statuses of money still to go back (the `club_payment_refunds_open` gauge). */
export const REFUNDS_OPEN = ['refund_due', 'refunding', 'refund_failed'] as const;

/** A try in flight holds its attempt this long, well past the API's 10 s timeout; a process that died mid-try frees it then. */
const LEASE_MS = 60_000;

/** The wait after the n-th failed try: 1, 2, 4 … minutes, at most an hour (the scheduled check runs every minute). */
export const retryDelayMs = (tries: number): number => Math.min(60, 2 ** Math.max(0, tries - 1)) * 60_000;

export type RefundOutcome = 'refunded' | 'failed';

interface Claimed {
  id: number;
  provider_order_id: string;
  amount: number;
  order_number: number;
  tries: number;
}

/** The API a refund is sent to: LiqPay's with real keys, else the sandbox's, answered in-process. */
async function apiOf(deps: AppDeps, doFetch?: typeof fetch) {
  const keys = await paymentKeys(deps);
  const send = providersOf(deps.config).card === 'liqpay' ? (doFetch ?? fetch) : sandboxLiqpayApi(deps.db, keys);
  return { keys, url: deps.config.LIQPAY_API_URL, send };
}

/** Takes the attempt for one try when it is due and no one else holds it; null otherwise. */
async function claim(deps: AppDeps, paymentId: number): Promise<Claimed | null> {
  const now = deps.clock.now();
  const pay = await deps.db
    .selectFrom('card_payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select([
      'p.id',
      'p.provider_order_id',
      'p.amount',
      'p.status',
      'p.refund_attempts',
      'p.refund_after',
      'o.order_number',
    ])
    .where('p.id', '=', paymentId)
    .executeTakeFirst();
  if (!pay || !(REFUNDS_OPEN as readonly string[]).includes(pay.status)) return null;
  if (pay.refund_after !== null && pay.refund_after > now.toISOString()) return null;
  const tries = pay.refund_attempts + 1;
  // Every step changes the status or the try count, so this matches only the row as read.
  const taken = await deps.db
    .updateTable('card_payments')
    .set({
      status: 'refunding',
      refund_attempts: tries,
      refund_after: new Date(now.getTime() + LEASE_MS).toISOString(),
      updated_at: now.toISOString(),
    })
    .where('id', '=', pay.id)
    .where('status', '=', pay.status)
    .where('refund_attempts', '=', pay.refund_attempts)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return null;
  return {
    id: pay.id,
    provider_order_id: pay.provider_order_id,
    amount: pay.amount,
    order_number: pay.order_number,
    tries,
  };
}

/** Records a try's end, if this try still holds the attempt; counted and logged (no personal data). */
async function finish(deps: AppDeps, pay: Claimed, outcome: RefundOutcome, error?: string): Promise<RefundOutcome> {
  const now = deps.clock.now();
  const done = outcome === 'refunded';
  const r = await deps.db
    .updateTable('card_payments')
    .set(
      done
        ? {
            status: 'refunded',
            refunded_at: now.toISOString(),
            refund_after: null,
            refund_error: null,
            updated_at: now.toISOString(),
          }
        : {
            status: 'refund_failed',
            refund_after: new Date(now.getTime() + retryDelayMs(pay.tries)).toISOString(),
            refund_error: (error ?? 'no_answer').slice(0, 100),
            updated_at: now.toISOString(),
          },
    )
    .where('id', '=', pay.id)
    .where('status', '=', 'refunding')
    .where('refund_attempts', '=', pay.tries)
    .executeTakeFirst();
  const line = {
    event: 'payment_refund',
    payment: pay.provider_order_id,
    order: pay.order_number,
    amount: pay.amount / 100,
    outcome,
    tries: pay.tries,
    ...(error ? { error } : {}),
  };
  if (Number(r.numUpdatedRows) !== 1) {
    // Held past its lease: the try that took over asks for the status before refunding again.
    deps.log?.warn({ ...line, lease: 'lost' }, 'payment refund outlived its lease');
    return outcome;
  }
  deps.metrics?.refunds.inc({ outcome });
  if (done) deps.log?.info(line, 'payment refunded');
  else
    deps.log?.warn(
      { ...line, retryInMin: retryDelayMs(pay.tries) / 60_000 },
      'payment refund failed; tried again later',
    );
  return outcome;
}

/**
 * One refund try for an attempt flagged for refund: null when it is not due now (not flagged,
 * already refunded, another try holds it, or its retry time has not come) or card payments are off.
 */
export async function refundAttempt(
  deps: AppDeps,
  paymentId: number,
  doFetch?: typeof fetch,
): Promise<RefundOutcome | null> {
  if (providersOf(deps.config).card === 'off') return null;
  const pay = await claim(deps, paymentId);
  if (!pay) return null;
  const api = await apiOf(deps, doFetch);
  if (pay.tries > 1) {
    const stands = await liqpayStatus(api.keys, api.url, pay.provider_order_id, api.send);
    if (stands?.status === 'reversed') return finish(deps, pay, 'refunded');
    if (stands?.status !== 'success') return finish(deps, pay, 'failed', `status_${stands?.status ?? 'unknown'}`);
  }
  const answer = await liqpayRefund(api.keys, api.url, pay.provider_order_id, pay.amount / 100, api.send);
  if (answer?.status === 'reversed') return finish(deps, pay, 'refunded');
  return finish(deps, pay, 'failed', answer?.err_code ?? (answer?.status ? `status_${answer.status}` : 'no_answer'));
}

/** The scheduled part: every refund due now (first tries, retries whose time came, tries whose process died), oldest first. */
export async function runDueRefunds(deps: AppDeps, limit = 20, doFetch?: typeof fetch): Promise<number> {
  if (providersOf(deps.config).card === 'off') return 0;
  const now = deps.clock.now().toISOString();
  const rows = await deps.db
    .selectFrom('card_payments')
    .select('id')
    .where('status', 'in', [...REFUNDS_OPEN])
    .where((eb) => eb.or([eb('refund_after', 'is', null), eb('refund_after', '<=', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  let refunded = 0;
  for (const r of rows) if ((await refundAttempt(deps, r.id, doFetch)) === 'refunded') refunded += 1;
  return refunded;
}

/** Attempts whose money is still to go back, by status (read at each /metrics scrape). */
export async function openRefunds(db: Db): Promise<Record<(typeof REFUNDS_OPEN)[number], number>> {
  const rows = await db
    .selectFrom('card_payments')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('status', 'in', [...REFUNDS_OPEN])
    .groupBy('status')
    .execute();
  const count = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { refund_due: count('refund_due'), refunding: count('refunding'), refund_failed: count('refund_failed') };
}
