import type { ClubDb } from '../../db/database';
import { staleCount } from '../../db/kv';
import type { XpBalanceRow } from '../../db/rows-member';
import { XP_BALANCE_STAMP } from '../engine/views';

/** Read when a pull that also carries XP balances begins its fetch. */
export const xpBalancesSeen = (db: ClubDb): Promise<number> => staleCount(db, XP_BALANCE_STAMP);

/**
 * Writes the XP balances a member or month-stats pull carried, unless an action that changes XP
 * settled since the pull began (`seen`, {@link xpBalancesSeen}): its answer already wrote the
 * newer balance, and the `xp` view's own pull follows. Inside the puller's transaction.
 */
export async function putPulledBalances(db: ClubDb, seen: number, rows: readonly XpBalanceRow[]): Promise<void> {
  if ((await staleCount(db, XP_BALANCE_STAMP)) !== seen) return;
  await db.xpBalance.bulkPut([...rows]);
}
