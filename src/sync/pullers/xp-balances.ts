import type { ClubDb } from '../../db/database';
import { staleCount } from '../../db/kv';
import type { XpBalanceRow } from '../../db/rows-member';
import { xpBalanceStamp } from '../engine/views';

/** The XP balances' stale counts, per variant ({@link xpBalanceStamp}), when a pull began its fetch. */
export type BalancesSeen = Record<'glo' | 'ogo', number>;

export async function xpBalancesSeen(db: ClubDb): Promise<BalancesSeen> {
  return { glo: await staleCount(db, xpBalanceStamp('glo')), ogo: await staleCount(db, xpBalanceStamp('ogo')) };
}

/**
 * Writes the XP balances a member or month-stats pull carried, but not a variant's whose XP an
 * action changed since the pull began (`seen`): that answer already wrote the newer balance, and
 * the `xp` view's own pull follows. Inside the puller's transaction.
 */
export async function putPulledBalances(db: ClubDb, seen: BalancesSeen, rows: readonly XpBalanceRow[]): Promise<void> {
  const now = await xpBalancesSeen(db);
  const key = (r: XpBalanceRow) => (r.variant === 'glo' ? 'glo' : 'ogo');
  const kept = rows.filter((r) => now[key(r)] === seen[key(r)]);
  if (kept.length) await db.xpBalance.bulkPut(kept);
}
