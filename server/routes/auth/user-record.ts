import type { Hono } from 'hono';
import { getReferrals, getUser, getUserByPhone, updateTags } from '../../../src/contract/user';
import { parseTags, tagChange } from '../../../src/domain/member/self-service-tags';
import type { AppEnv } from '../../context';
import { conflict, unprocessable } from '../../errors';
import { mount } from '../../http/route';
import { ensureCustomer, ownedCustomer, tagsOf, variantOf } from '../../members';
import { recordWithMetafields } from './records';

/** GET flags arrive as text: 'true' or '1' mean yes. */
export const queryFlag = (v: string | undefined) => v === 'true' || v === '1';

export function registerUserRecord(app: Hono<AppEnv>): void {
  mount(app, getUser, async ({ input, member, deps }) =>
    recordWithMetafields(deps.db, await ownedCustomer(deps.db, member, input.id)),
  );

  mount(app, getUserByPhone, async ({ input, member, deps }) => {
    const record = await ensureCustomer(deps.db, member, variantOf(queryFlag(input.ogo)), deps.clock.now());
    return recordWithMetafields(deps.db, record);
  });

  // Compare-and-set on the stored list: a server change of the tags in between (age check,
  // velo discount) is never overwritten; the member's change is re-applied on the fresh list.
  mount(app, updateTags, async ({ input, member, deps }) => {
    const wanted = parseTags(input.tags);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const record = await ownedCustomer(deps.db, member, input.shopifyId);
      const change = tagChange(tagsOf(record), wanted);
      if (change.forbidden.length) {
        throw unprocessable('tag_not_allowed', `Тег «${change.forbidden[0]}» змінює лише клуб`);
      }
      const r = await deps.db
        .updateTable('customers')
        .set({ tags: JSON.stringify(change.next) })
        .where('id', '=', record.id)
        .where('tags', '=', record.tags)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1) return { tags: change.next };
    }
    throw conflict('tags_changed', 'Теги щойно змінилися. Спробуй ще раз');
  });

  mount(app, getReferrals, async ({ member, deps }) => {
    const me = await deps.db
      .selectFrom('members')
      .select('mgm_code')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    const invited = await deps.db
      .selectFrom('members')
      .select(['id', 'first_name', 'last_name', 'created_at'])
      // Registered with the member's code, or placed a first order with it (another person's
      // invite at registration keeps the friend there, but the code's owner sees them too).
      .where((eb) =>
        eb.or([
          eb('referred_by', '=', member.id),
          eb(
            'id',
            'in',
            eb
              .selectFrom('order_promocodes')
              .select('member_id')
              .where('referrer_member_id', '=', member.id)
              .where('kind', '=', 'friend'),
          ),
        ]),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    const ordered = new Set<number>();
    if (invited.length) {
      const rows = await deps.db
        .selectFrom('orders')
        .innerJoin('customers', 'customers.id', 'orders.customer_id')
        .select('customers.member_id')
        .where(
          'customers.member_id',
          'in',
          invited.map((m) => m.id),
        )
        .where('orders.financial_status', '!=', 'failed')
        .distinct()
        .execute();
      for (const r of rows) ordered.add(r.member_id);
    }
    // What friends brought is read from the ledger and the credits owed, never worked out from a formula.
    const credits = await deps.db
      .selectFrom('referral_credits')
      .select(['friend_member_id', 'state', 'amount'])
      .where('referrer_member_id', '=', member.id)
      .where('state', '!=', 'void')
      .execute();
    const brought = (id: number, state: 'credited' | 'pending') =>
      credits.filter((c) => c.friend_member_id === id && c.state === state).reduce((sum, c) => sum + c.amount, 0);
    const referrals = invited.map((m) => ({
      first_name: m.first_name,
      last_initial: m.last_name ? `${[...m.last_name][0]}.` : '',
      joined_at: m.created_at,
      first_order: ordered.has(m.id),
      xp: brought(m.id, 'credited'),
      pending_xp: brought(m.id, 'pending'),
    }));
    const lines = await deps.db
      .selectFrom('xp_ledger as l')
      .innerJoin('customers as c', 'c.id', 'l.customer_id')
      .select(['c.variant'])
      .select((eb) => eb.fn.sum<number | string>('l.amount').as('xp'))
      .where('c.member_id', '=', member.id)
      .where('l.reason', '=', 'referral')
      .groupBy('c.variant')
      .execute();
    const earned = { glo: 0, ogo: 0 };
    for (const l of lines) if (l.variant === 'glo' || l.variant === 'ogo') earned[l.variant] = Number(l.xp);
    const pending = credits.filter((c) => c.state === 'pending').reduce((sum, c) => sum + c.amount, 0);
    return { mgmCode: me.mgm_code, count: referrals.length, ordered: ordered.size, referrals, earned, pending };
  });
}
