import type { Transaction } from 'kysely';
import { INVITE_MAX_FRIENDS_PER_YEAR, INVITE_MILESTONES, INVITE_XP_PER_FRIEND } from '../../../src/domain/invite-calculator';
import { kyivMidnight, kyivParts } from '../../../src/domain/kyiv-time';
import type { Database } from '../../db/schema';
import { ensureCustomer } from '../../members';
import { changeXp } from '../../xp';
import type { OrderDraft } from './order-draft';

type Trx = Transaction<Database>;

/**
 * Records the promo codes an order was placed with and, for a friend's REW- code, pays the friend
 * who invited this member (the invite calculator's rules: XP per friend whose first order is
 * placed, milestone bonuses, a yearly cap). A person counts once, whichever variant they order on.
 */
export async function recordCodes(trx: Trx, d: OrderDraft, order: { id: number; order_number: number }, now: Date): Promise<void> {
  const at = now.toISOString();
  const shop = d.variant;
  if (d.veloCode) {
    await trx.insertInto('order_promocodes').values({ order_id: order.id, member_id: d.member.id, code: d.veloCode, kind: 'velo', shop_domain: shop, referrer_member_id: null, created_at: at }).execute();
  }
  if (!d.friend) return;
  const referrerId = d.friend.referrerId;
  await trx.insertInto('order_promocodes').values({ order_id: order.id, member_id: d.member.id, code: d.friend.code, kind: 'friend', shop_domain: shop, referrer_member_id: referrerId, created_at: at }).execute();
  // The friend is the referrer's from now on (get-referrals lists them), unless an invite code
  // at registration already named someone: that person keeps them.
  await trx.updateTable('members').set({ referred_by: referrerId }).where('id', '=', d.member.id).where('referred_by', 'is', null).execute();

  const before = await trx
    .selectFrom('order_promocodes')
    .select('id')
    .where('referrer_member_id', '=', referrerId)
    .where('member_id', '=', d.member.id)
    .where('kind', '=', 'friend')
    .where('order_id', '!=', order.id)
    .executeTakeFirst();
  if (before) return;
  const yearStart = kyivMidnight(`${kyivParts(now).date.slice(0, 4)}-01-01`).toISOString();
  const counted = await trx
    .selectFrom('order_promocodes')
    .select((eb) => eb.fn.count<number | string>('member_id').distinct().as('n'))
    .where('referrer_member_id', '=', referrerId)
    .where('kind', '=', 'friend')
    .where('created_at', '>=', yearStart)
    .executeTakeFirstOrThrow();
  const friends = Number(counted.n);
  if (friends > INVITE_MAX_FRIENDS_PER_YEAR) return;

  const referrer = await trx.selectFrom('members').select(['id', 'phone']).where('id', '=', referrerId).executeTakeFirstOrThrow();
  const record = await ensureCustomer(trx, referrer, d.variant, now);
  const name = d.customer.first_name || 'друг';
  await changeXp(trx, { customerId: record.id, amount: INVITE_XP_PER_FRIEND, reason: 'referral', title: `Запрошений друг ${name} зробив перше замовлення`, ref: `order:${order.id}`, now });
  const milestone = INVITE_MILESTONES.find((m) => m.friends === friends);
  if (milestone) {
    await changeXp(trx, { customerId: record.id, amount: milestone.bonusXp, reason: 'referral', title: `Бонус за ${friends} запрошених друзів`, ref: `order:${order.id}`, now });
  }
}
