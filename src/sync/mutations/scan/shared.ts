import type { ClubDb } from '../../../db/database';
import type { Variant } from '../../../db/rows-catalogue';
import type { OutboxEntry } from '../../../db/rows-sync';

/** The brands codes are scanned for (velo packs are scanned in the ogo app). */
export type ScanVariant = 'glo' | 'ogo';

export const scanVariantOf = (v: Variant): ScanVariant => (v === 'glo' ? 'glo' : 'ogo');

/** `{ ogo: true }` for the ogo record (docs/rules.md#roles {product} flag), nothing for glo. */
export const ogoOf = (v: ScanVariant) => (v === 'ogo' ? { ogo: true as const } : {});

/** get-history's count and XP (`docs` 'scan-history', see pullers/scans.ts ScanHistoryMeta) with one more credited line. */
export async function countCreditedLine(db: ClubDb, v: ScanVariant, xp: number): Promise<void> {
  const row = await db.docs.get([v, 'scan-history']);
  const meta = row?.value as { total: number; coinCount: number } | undefined;
  if (!row || !meta) return;
  await db.docs.put({ ...row, value: { ...meta, total: meta.total + 1, coinCount: meta.coinCount + xp } });
}

/**
 * The server's reason for a refused entry. `undo` runs in the transaction that has just marked
 * the entry failed with it, so the stored entry already carries the reason.
 */
export async function refusalReason(db: ClubDb, entry: OutboxEntry<unknown>): Promise<string> {
  const stored = await db.outbox.get(entry.id);
  return stored?.lastError?.message ?? entry.lastError?.message ?? 'Сервер відхилив запит';
}
