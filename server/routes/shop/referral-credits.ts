import type { Transaction } from 'kysely';
import {
  INVITE_MAX_FRIENDS_PER_YEAR,
  INVITE_MILESTONES,
  INVITE_XP_PER_FRIEND,
} from '../../../src/domain/invite/calculator';
import { kyivMidnight, kyivParts } from '../../../src/domain/format/kyiv-time';
import { referralCreditDue } from '../../../src/domain/invite/referral-credit';
import type { AppDeps } from '../../context';
import { isPostgres } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { Variant } from '../../db/tables/core';
import { ensureCustomer } from '../../members';
import { changeXp } from '../../xp';

type Trx = Transaction<Database>;

/**
 * A pending credit for the referrer of a friend's first order with their code (the invite
 * calculator's XP per friend), on the referrer's record of the order's variant. A friend brings
 * a referrer one credit, whichever variant they order on: none when one is pending or credited
 * already (a cancelled one does not count). Answers the credit's id, or null.
 */
export async function recordReferralCredit(
  trx: Trx,
  c: { orderId: number; referrerId: number; friendId: number; friendName: string; variant: Variant; now: Date },
): Promise<number | null> {
  const before = await trx
    .selectFrom('referral_credits')
    .select('id')
    .where('referrer_member_id', '=', c.referrerId)
    .where('friend_member_id', '=', c.friendId)
    .where('state', '!=', 'void')
    .executeTakeFirst();
  if (before) return null;
  const referrer = await trx
    .selectFrom('members')
    .select(['id', 'phone'])
    .where('id', '=', c.referrerId)
    .executeTakeFirstOrThrow();
  const record = await ensureCustomer(trx, referrer, c.variant, c.now);
  const row = await trx
    .insertInto('referral_credits')
    .values({
      order_id: c.orderId,
      referrer_member_id: c.referrerId,
      friend_member_id: c.friendId,
      customer_id: record.id,
      amount: INVITE_XP_PER_FRIEND,
      title: `Запрошений друг ${c.friendName || 'друг'} зробив перше замовлення`,
      state: 'pending',
      created_at: c.now.toISOString(),
      settled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Settles an order's pending referral credit as the order now stands (domain/invite/referral-credit.ts):
 * paid or handed over, the referrer is credited — the XP per friend and a milestone's bonus, none
 * past the year's cap of friends (then it is void); cancelled or returned, it is void. Each credit
 * moves once (a compare-and-set on its state). Call it in the transaction that changed the order.
 */
export async function settleReferral(
  trx: Trx,
  orderId: number,
  now: Date,
): Promise<'credited' | 'void' | 'pending' | null> {
  const credit = await trx
    .selectFrom('referral_credits')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (!credit) return null;
  const order = await trx
    .selectFrom('orders')
    .select(['financial_status', 'fulfillment_status', 'shipment_status'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const due = referralCreditDue(order);
  if (due === 'wait') return 'pending';
  const settle = async (state: 'credited' | 'void') =>
    Number(
      (
        await trx
          .updateTable('referral_credits')
          .set({ state, settled_at: now.toISOString() })
          .where('id', '=', credit.id)
          .where('state', '=', 'pending')
          .executeTakeFirst()
      ).numUpdatedRows,
    ) === 1;
  if (due === 'void') return (await settle('void')) ? 'void' : null;
  // One referrer's credits settle one at a time on PostgreSQL, so two friends paying at once
  // cannot both be counted as the third (SQLite has one writer anyway).
  if (isPostgres(trx))
    await trx.selectFrom('members').select('id').where('id', '=', credit.referrer_member_id).forUpdate().execute();
  const yearStart = kyivMidnight(`${kyivParts(now).date.slice(0, 4)}-01-01`).toISOString();
  const counted = await trx
    .selectFrom('referral_credits')
    .select((eb) => eb.fn.count<number | string>('friend_member_id').distinct().as('n'))
    .where('referrer_member_id', '=', credit.referrer_member_id)
    .where('state', '=', 'credited')
    .where('settled_at', '>=', yearStart)
    .executeTakeFirstOrThrow();
  const friends = Number(counted.n) + 1;
  if (friends > INVITE_MAX_FRIENDS_PER_YEAR) return (await settle('void')) ? 'void' : null;
  if (!(await settle('credited'))) return null;
  const ref = `order:${orderId}`;
  await changeXp(trx, {
    customerId: credit.customer_id,
    amount: credit.amount,
    reason: 'referral',
    title: credit.title,
    ref,
    now,
  });
  const milestone = INVITE_MILESTONES.find((m) => m.friends === friends);
  if (milestone)
    await changeXp(trx, {
      customerId: credit.customer_id,
      amount: milestone.bonusXp,
      reason: 'referral',
      title: `Бонус за ${friends} запрошених друзів`,
      ref,
      now,
    });
  return 'credited';
}

/**
 * Settles the pending credits whose orders were paid, handed over, cancelled or returned by any
 * means (the back office, an older instance, a payment check): oldest first, at most `limit`, each
 * in its own transaction. Answers how many moved.
 */
export async function settleDueReferrals(deps: AppDeps, limit = 100): Promise<number> {
  const due = await deps.db
    .selectFrom('referral_credits as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select('r.order_id')
    .where('r.state', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('o.financial_status', 'in', ['paid', 'refunded', 'cancelled']),
        eb('o.fulfillment_status', '=', 'fulfilled'),
        eb('o.shipment_status', '=', 'delivered'),
      ]),
    )
    .orderBy('r.id')
    .limit(limit)
    .execute();
  let moved = 0;
  for (const r of due) {
    const outcome = await deps.db.transaction().execute((trx) => settleReferral(trx, r.order_id, deps.clock.now()));
    if (outcome === 'credited' || outcome === 'void') moved += 1;
  }
  return moved;
}

/** Every minute: settleDueReferrals. Answers a stop function. */
export function startReferralChecks(deps: AppDeps, everyMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    settleDueReferrals(deps)
      .catch((e: unknown) =>
        deps.log?.error({ event: 'referral_checks', err: String(e) }, 'scheduled referral check failed'),
      )
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
