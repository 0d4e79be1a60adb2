import { addDays, kyivParts } from '../../src/domain/format/kyiv-time';
import type { AppDeps } from '../context';
import { sandboxIpost } from '../sandboxes/ipost';

/**
 * A courier booking where one makes sense: Олена's newest order marked for the local courier
 * (order tag iPost, docs/rules.md#constants) that is still on its way (not delivered, failed or refunded) gets
 * the courier tomorrow afternoon in Kyiv. Skipped when she has no such order.
 */
export async function seedIpostDemo(deps: AppDeps): Promise<void> {
  const phone = deps.config.testPhones[0];
  if (!phone) return;
  const order = await deps.db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .leftJoin('ipost_requests as r', 'r.order_id', 'o.id')
    .select(['o.id', 'm.id as member_id'])
    .where('m.phone', '=', phone)
    .where('o.fulfillment_status', 'is', null)
    .where('o.tags', 'like', '%"iPost"%')
    .where('o.financial_status', 'not in', ['failed', 'refunded', 'cancelled'])
    .where('r.id', 'is', null)
    .orderBy('o.created_at', 'desc')
    .executeTakeFirst();
  if (!order) return;
  const now = deps.clock.now();
  const date = addDays(kyivParts(now).date, 1);
  const req = {
    orderId: order.id,
    city: 'Київ',
    street: 'вул. Велика Васильківська, 72',
    flat: '15',
    date,
    from: '12:00',
    to: '15:00',
    comment: 'Домофон 15, третій поверх',
  };
  const { tracking } = await sandboxIpost().book(req);
  await deps.db
    .insertInto('ipost_requests')
    .values({
      order_id: order.id,
      member_id: order.member_id,
      city: req.city,
      street: req.street,
      flat: req.flat,
      delivery_date: date,
      time_from: req.from,
      time_to: req.to,
      comment: req.comment,
      tracking,
      status: 'scheduled',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
}
