import * as z from 'zod/mini';
import type { Db } from '../db/connect';
import { verifyLiqpay, type LiqpayKeys } from './liqpay';

/** How each attempt's status reads at the sandbox "provider" (its records are the shop's own). */
const PROVIDER_STATUS: Record<string, string> = {
  success: 'success',
  failure: 'failure',
  refund_due: 'success',
  refunding: 'success',
  refund_failed: 'success',
  refunded: 'reversed',
};
/** Money the sandbox holds that may go back: only attempts the shop flagged for a refund. */
const RETURNABLE = new Set(['refund_due', 'refunding', 'refund_failed']);

const asked = z.object({ action: z.string(), order_id: z.string(), amount: z.optional(z.number()) });

const answer = (body: Record<string, unknown>) => Response.json(body);
const refusal = (err_code: string) => answer({ result: 'error', status: 'error', err_code });

/**
 * The sandbox's stand-in for LiqPay's server API (liqpay-api.ts), answered in-process: the
 * same signed requests (`status`, `refund`) with the sandbox keys, the same answers, so a
 * refund runs the same path with or without real keys.
 */
export function sandboxLiqpayApi(db: Db, keys: LiqpayKeys): typeof fetch {
  return async (_url, init) => {
    const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    const req = asked.safeParse(verifyLiqpay(keys, form.get('data') ?? '', form.get('signature') ?? ''));
    if (!req.success) return refusal('invalid_signature');
    const { action, order_id } = req.data;
    const pay = await db
      .selectFrom('card_payments')
      .select(['status', 'amount'])
      .where('provider_order_id', '=', order_id)
      .executeTakeFirst();
    if (!pay || pay.status === 'created') return refusal('payment_not_found');
    if (action === 'status')
      return answer({
        result: 'ok',
        action: 'pay',
        status: PROVIDER_STATUS[pay.status] ?? 'error',
        order_id,
        amount: pay.amount / 100,
        currency: 'UAH',
      });
    if (action !== 'refund') return refusal('invalid_action');
    if (!RETURNABLE.has(pay.status)) return refusal('refund_not_allowed');
    if (req.data.amount === undefined || Math.round(req.data.amount * 100) !== pay.amount)
      return refusal('invalid_amount');
    return answer({ result: 'ok', action: 'refund', status: 'reversed', order_id });
  };
}
