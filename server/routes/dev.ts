import type { Hono } from 'hono';
import type { AppEnv } from '../context';
import { smsBudgetView } from '../security/sms-budget';
import { cancelOrder, handOverOrder } from './shop/order-status';

/**
 * Views of the sandboxes for tests and for a person trying the demo. Mounted only
 * outside production.
 */
export function registerDev(app: Hono<AppEnv>): void {
  // The SMS sandbox: the messages sent to `phone` (newest first) and where the SMS limits stand
  // (sends in the last hour against the budget, the busiest client addresses, refusals).
  app.get('/dev/sms-outbox', async (c) => {
    const phone = (c.req.query('phone') ?? '').replace(/\D/g, '');
    const limits = await smsBudgetView(c.var.deps);
    if (!phone) return c.json({ phone: null, messages: [], limits });
    const rows = await c.var.deps.db
      .selectFrom('sms_outbox')
      .select(['phone', 'text', 'code', 'created_at'])
      .where('phone', '=', phone)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return c.json({ phone, messages: rows, limits });
  });

  // The shop's back office, as far as a demo needs it: an order handed over by the carrier, or
  // cancelled by the shop (a friend's referral credit then becomes XP, or nothing). POST only.
  app.post('/dev/orders/:number/:move{hand-over|cancel}', async (c) => {
    const deps = c.var.deps;
    const number = Number(c.req.param('number'));
    const order = Number.isSafeInteger(number)
      ? await deps.db.selectFrom('orders').select('id').where('order_number', '=', number).executeTakeFirst()
      : undefined;
    if (!order) return c.json({ error: { code: 'order_not_found', message: 'Замовлення не знайдено' } }, 404);
    const now = deps.clock.now();
    if (c.req.param('move') === 'hand-over') await handOverOrder(deps, order.id, now);
    else await cancelOrder(deps, order.id, now);
    const after = await deps.db
      .selectFrom('orders')
      .select(['order_number', 'financial_status', 'fulfillment_status'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    return c.json(after);
  });
}
