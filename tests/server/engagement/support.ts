import { seed } from '../../../server/seed/engagement';
import { createMember, verifyOgoRecord, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';

export { balanceOf } from '../../support/members';

/** A fresh server with this group's demo data (pages, news, dictionary, plans, marathon, stores) and no demo members. */
export async function engagementServer(opts: Parameters<typeof makeTestServer>[0] = {}): Promise<TestServer> {
  const s = await makeTestServer(opts);
  await seed(s.deps);
  return s;
}

/** A member age-verified on both records (docs/rules.md#validation: the glo tag, the ogo metafield in namespace verification). */
export async function verifiedMember(
  s: TestServer,
  opts: Parameters<typeof createMember>[1] = {},
): Promise<TestMember> {
  const m = await createMember(s, { ...opts, tags: ['pwa_user', 'age_verified'] });
  await verifyOgoRecord(s, m);
  return m;
}

/** Ends every session of a member, as logout does: its bearer is dead from now on. */
export async function endSessions(s: TestServer, m: TestMember): Promise<void> {
  await s.deps.db
    .updateTable('sessions')
    .set({ revoked_at: s.clock.now().toISOString() })
    .where('member_id', '=', m.id)
    .execute();
}

/** The member's rows of analytics_events, oldest first. */
export function analyticsRows(s: TestServer, memberId: number) {
  return s.deps.db.selectFrom('analytics_events').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
}

/** The record's XP ledger, oldest first. */
export function ledgerOf(s: TestServer, customerId: number) {
  return s.deps.db.selectFrom('xp_ledger').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
}

/** Larger than any integer column of PostgreSQL: a request naming it must be a 4xx, never a 500. */
export const HUGE_ID = 9_999_999_999;
