import type { ClubDb } from '../../db/database';
import { clearFresh } from '../../db/kv';
import type { Variant } from '../../db/rows-catalogue';
import type { OutboxEntry } from '../../db/rows-sync';

/** The brands codes are scanned for (velo packs are scanned in the ogo app). */
export type ScanVariant = 'glo' | 'ogo';

export const scanVariantOf = (v: Variant): ScanVariant => (v === 'glo' ? 'glo' : 'ogo');

/** `{ ogo: true }` for the ogo record (spec §6 {product} flag), nothing for glo. */
export const ogoOf = (v: ScanVariant) => (v === 'ogo' ? { ogo: true as const } : {});

/** Freshness names of the scan screens' documents (src/sync/pullers/scans.ts), per variant. */
export const scanDocName = (v: ScanVariant, key: 'scan-stats' | 'bonus-history' | 'scan-history') => `doc:${v}:${key}`;

/** After XP changed: the month's figures and the XP history are pulled again on the next open. */
export async function staleAfterCredit(db: ClubDb, v: ScanVariant): Promise<void> {
  await clearFresh(db, scanDocName(v, 'scan-stats'));
  await clearFresh(db, scanDocName(v, 'bonus-history'));
}

/**
 * The server's reason for a refused entry. `undo` runs in the transaction that has just marked
 * the entry failed with it, so the stored entry already carries the reason.
 */
export async function refusalReason(db: ClubDb, entry: OutboxEntry<unknown>): Promise<string> {
  const stored = await db.outbox.get(entry.id);
  return stored?.lastError?.message ?? entry.lastError?.message ?? 'Сервер відхилив запит';
}
