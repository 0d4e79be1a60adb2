import type { AppDeps } from '../../context';
import { notFound } from '../../errors';
import { settleReferral } from './referral-credits';

/**
 * The moves of an order that the shop's back office makes (the carrier handed it over, the shop
 * cancelled it), with what hangs on them: a friend's referral credit is settled in the same
 * transaction. The demo seed and the sandbox's /dev page use these; a back office writing the
 * orders table directly is caught up by the referral check (referral-credits.ts).
 */

/** Handed over to the member: fulfilled and delivered; a cash order is paid to the carrier then. */
export async function handOverOrder(deps: AppDeps, orderId: number, now: Date): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['payment_method', 'financial_status'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order) throw notFound('Замовлення не знайдено', 'order_not_found');
    const cashNowPaid = order.payment_method === 1 && order.financial_status === 'pending';
    await trx
      .updateTable('orders')
      .set({
        fulfillment_status: 'fulfilled',
        shipment_status: 'delivered',
        updated_at: now.toISOString(),
        ...(cashNowPaid ? { financial_status: 'paid' } : {}),
      })
      .where('id', '=', orderId)
      .execute();
    await settleReferral(trx, orderId, now);
  });
}

/** Cancelled by the shop before it was paid: nothing is owed for it, a referral credit included. */
export async function cancelOrder(deps: AppDeps, orderId: number, now: Date): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('orders')
      .set({ financial_status: 'cancelled', updated_at: now.toISOString() })
      .where('id', '=', orderId)
      .where('financial_status', 'in', ['pending', 'failed'])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) await settleReferral(trx, orderId, now);
  });
}
