import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { checkAttemptNow } from './payment-settle';

/** Longer than any id the shop makes (`club-<order number>-<8 hex>`): not looked up. */
const ID_MAX = 100;

/** The history's word for an order's state after a payment. */
const WORDS: Record<string, string> = { paid: 'success', failed: 'failure' };

/**
 * The member back from LiqPay's page (the link's result_url): the server asks the provider how
 * the payment stands rather than waiting for (or trusting only) the callback, then goes on to
 * the order history with the outcome, as the sandbox page does. Anyone may open it (no sign-in),
 * so it asks only about an attempt still open and at most once per PAYMENT_RETURN_CHECK_SECONDS
 * (checkAttemptNow); any other visit answers from the stored state. An unknown id answers as a
 * payment not settled yet, with no order to name and no request to LiqPay.
 */
export function registerPaymentReturn(app: Hono<AppEnv>): void {
  app.get('/payments/liqpay/return', async (c) => {
    const deps = c.var.deps;
    const id = c.req.query('payment') ?? '';
    c.header('cache-control', 'no-store');
    const pay =
      id && id.length <= ID_MAX
        ? await deps.db
            .selectFrom('card_payments')
            .select(['order_id', 'status'])
            .where('provider_order_id', '=', id)
            .executeTakeFirst()
        : undefined;
    if (!pay) return c.redirect('/history-order?payment=pending', 303);
    if (pay.status === 'created') await checkAttemptNow(deps, id);
    const order = await deps.db
      .selectFrom('orders')
      .select(['order_number', 'financial_status'])
      .where('id', '=', pay.order_id)
      .executeTakeFirstOrThrow();
    return c.redirect(
      `/history-order?payment=${WORDS[order.financial_status] ?? 'pending'}&order=${order.order_number}`,
      303,
    );
  });
}
