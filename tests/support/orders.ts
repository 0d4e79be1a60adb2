import type { Insertable } from 'kysely';
import type { OrdersTable } from '../../server/db/tables/shop';
import type { TestServer } from './server';

let orderNumber = 50_000;

/**
 * An order written straight into the orders table, as another group's data or an operator would
 * leave it: a paid, undelivered glo cash order of 459 грн with no payload, unless `over` says else.
 */
export async function insertOrder(
  s: TestServer,
  customerId: number,
  over: Partial<Insertable<OrdersTable>> = {},
): Promise<number> {
  const now = s.clock.now().toISOString();
  const row = await s.deps.db
    .insertInto('orders')
    .values({
      customer_id: customerId,
      variant: 'glo',
      order_number: orderNumber++,
      financial_status: 'paid',
      fulfillment_status: null,
      payment_method: 1,
      total: 45_900,
      xp_total: 0,
      tags: '["PWA"]',
      note: '',
      payload: '{}',
      created_at: now,
      updated_at: now,
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
