import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db';
import type { ScanRow } from '../../db/rows-member';
import { shownScanState, type HistoryLine, type ScanState } from '../../domain/scan/state';

export type ShownScan = ScanRow & { shown: ScanState };

/**
 * This device's scans of a variant, newest first, each with the state to show: a waiting code
 * whose outbox entry is being sent reads as sent.
 */
export function useScanRows(variant: 'glo' | 'ogo'): ShownScan[] | undefined {
  return useLiveQuery(async () => {
    const rows = (await db.scans.where('variant').equals(variant).sortBy('scannedAt')).reverse();
    const entries = await db.outbox.where('kind').equals('scan-code').toArray();
    const state = new Map(entries.map((e) => [e.id, e.state]));
    return rows.map((r) => ({ ...r, shown: shownScanState(r.state, r.entryId ? state.get(r.entryId) : null) }));
  }, [variant]);
}

/** A scan of this device as a line of a scan list (how it was scanned is the caller's to say). */
export const lineOfScan = (r: ShownScan): Omit<HistoryLine, 'source'> => ({
  code: r.code,
  at: r.scannedAt,
  state: r.shown,
  xp: r.xp,
  product: r.product,
  message: r.message,
});
