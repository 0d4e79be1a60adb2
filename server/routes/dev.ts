import type { Hono } from 'hono';
import type { AppEnv } from '../context';
import { smsBudgetView } from '../security/sms-budget';

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
    const rows = await c.var.deps.db.selectFrom('sms_outbox')
      .select(['phone', 'text', 'code', 'created_at'])
      .where('phone', '=', phone)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return c.json({ phone, messages: rows, limits });
  });
}
