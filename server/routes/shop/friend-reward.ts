import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { OrderDraft } from './order-draft';
import { recordReferralCredit, settleReferral } from './referral-credits';

type Trx = Transaction<Database>;

/**
 * Records the promo codes an order was placed with and, for a friend's REW- code, the credit owed
 * to the friend who invited this member: pending until the order is paid or handed over
 * (referral-credits.ts), settled at once for an order paid already (in XP). A person counts once,
 * whichever variant they order on.
 */
export async function recordCodes(
  trx: Trx,
  d: OrderDraft,
  order: { id: number; order_number: number },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const shop = d.variant;
  if (d.veloCode) {
    await trx
      .insertInto('order_promocodes')
      .values({
        order_id: order.id,
        member_id: d.member.id,
        code: d.veloCode,
        kind: 'velo',
        shop_domain: shop,
        referrer_member_id: null,
        created_at: at,
      })
      .execute();
  }
  if (!d.friend) return;
  const referrerId = d.friend.referrerId;
  await trx
    .insertInto('order_promocodes')
    .values({
      order_id: order.id,
      member_id: d.member.id,
      code: d.friend.code,
      kind: 'friend',
      shop_domain: shop,
      referrer_member_id: referrerId,
      created_at: at,
    })
    .execute();
  // The friend is the referrer's from now on (get-referrals lists them), unless an invite code
  // at registration already named someone: that person keeps them.
  await trx
    .updateTable('members')
    .set({ referred_by: referrerId })
    .where('id', '=', d.member.id)
    .where('referred_by', 'is', null)
    .execute();
  const credit = await recordReferralCredit(trx, {
    orderId: order.id,
    referrerId,
    friendId: d.member.id,
    friendName: d.customer.first_name,
    variant: d.variant,
    now,
  });
  if (credit !== null && d.financial === 'paid') await settleReferral(trx, order.id, now);
}
