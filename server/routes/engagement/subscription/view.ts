import type { Transaction } from 'kysely';
import type { Subscription } from '../../../../src/contract/subscription';
import { effectiveState } from '../../../../src/domain/programme/subscription-rules';
import type { Db } from '../../../db/connect';
import type { Database } from '../../../db/schema';
import { forbidden, notFound } from '../../../errors';
import type { Member } from '../../../context';

export type DbOrTrx = Db | Transaction<Database>;

const kopToUah = (kop: number) => Math.round(kop) / 100;

async function loadRow(db: DbOrTrx, id: number) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('subscription_plans as p', 'p.id', 's.plan_id')
    .select([
      's.id',
      's.member_id',
      's.customer_id',
      's.plan_id',
      's.status',
      's.price',
      's.started_at',
      's.next_delivery_at',
      's.paused_until',
      's.cancelled_at',
      'p.title',
      'p.packs',
      'p.interval_days',
      'p.xp_bonus',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
}
export type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof loadRow>>>;

/** The subscription's answer shape, with its delivered boxes and the XP they earned. */
export async function toSubscription(db: DbOrTrx, row: SubscriptionRow): Promise<Subscription> {
  const stats = await db
    .selectFrom('subscription_deliveries')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number>('xp_awarded').as('xp')])
    .where('subscription_id', '=', row.id)
    .where('status', '=', 'delivered')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    planId: row.plan_id,
    planTitle: row.title,
    status: row.status,
    price: kopToUah(row.price),
    packs: row.packs,
    intervalDays: row.interval_days,
    xpBonus: row.xp_bonus,
    startedAt: row.started_at,
    nextDeliveryAt: row.next_delivery_at,
    pausedUntil: row.paused_until,
    cancelledAt: row.cancelled_at,
    deliveredCount: Number(stats.n),
    xpEarned: Number(stats.xp ?? 0),
  };
}

/** Keeps the one 'scheduled' delivery of a subscription in step with its next delivery date. */
export async function syncScheduled(
  db: DbOrTrx,
  row: Pick<SubscriptionRow, 'id' | 'packs' | 'price'>,
  nextDeliveryAt: string | null,
  now: Date,
): Promise<void> {
  await db
    .deleteFrom('subscription_deliveries')
    .where('subscription_id', '=', row.id)
    .where('status', '=', 'scheduled')
    .execute();
  if (!nextDeliveryAt) return;
  await db
    .insertInto('subscription_deliveries')
    .values({
      subscription_id: row.id,
      scheduled_for: nextDeliveryAt,
      status: 'scheduled',
      packs: row.packs,
      amount: row.price,
      xp_awarded: 0,
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * A subscription as it stands at `now`: a pause whose end has passed is recorded as over
 * (status active, a 'resumed' event at the pause's end) before anything reads or changes it.
 */
export async function settledRow(db: Db, id: number, now: Date): Promise<SubscriptionRow | undefined> {
  const row = await loadRow(db, id);
  if (!row) return undefined;
  const s = effectiveState(
    { status: row.status, nextDeliveryAt: row.next_delivery_at, pausedUntil: row.paused_until },
    now,
  );
  if (s.status === row.status) return row;
  const endedAt = row.paused_until ?? now.toISOString();
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('subscriptions')
      .set({ status: 'active', paused_until: null, next_delivery_at: s.nextDeliveryAt, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'paused')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return;
    await trx
      .insertInto('subscription_events')
      .values({ subscription_id: id, kind: 'resumed', note: 'Пауза завершилась', created_at: endedAt })
      .execute();
  });
  return loadRow(db, id);
}

/** The member's own subscription `id`: 404 when there is none, 403 when it is someone else's. */
export async function ownedSubscription(db: Db, member: Member, id: number, now: Date): Promise<SubscriptionRow> {
  // Ownership first: someone else's request must not even record the end of the owner's pause.
  const found = await loadRow(db, id);
  if (!found) throw notFound('Підписку не знайдено', 'subscription_not_found');
  if (found.member_id !== member.id) throw forbidden('Це не твоя підписка', 'not_owner');
  const row = await settledRow(db, id, now);
  if (!row) throw notFound('Підписку не знайдено', 'subscription_not_found');
  return row;
}

export { loadRow };
