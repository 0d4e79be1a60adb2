import type { Hono } from 'hono';
import type { AppEnv } from '../context';
import { badRequest } from '../errors';

/**
 * Views of the sandboxes for tests and for a person trying the demo. Mounted only
 * outside production.
 */
export function registerDev(app: Hono<AppEnv>): void {
  app.get('/dev/sms-outbox', async (c) => {
    const phone = (c.req.query('phone') ?? '').replace(/\D/g, '');
    if (!phone) throw badRequest('invalid_phone', 'Вкажи phone=380...');
    const rows = await c.env.deps.db.selectFrom('sms_outbox')
      .select(['phone', 'text', 'code', 'created_at'])
      .where('phone', '=', phone)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return c.json({ phone, messages: rows });
  });
}
