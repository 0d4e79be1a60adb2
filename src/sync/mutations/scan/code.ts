import { scanCode } from '../../../contract/scan';
import type { ClubDb } from '../../../db/database';
import type { ScanRow } from '../../../db/rows-member';
import type { Account } from '../../../db/rows-sync';
import { explainStorageError } from '../../../db/storage';
import { duplicateNotice, type KnownScan } from '../../../domain/scan/state';
import { enqueueInTransaction } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import { countCreditedLine, ogoOf, refusalReason, scanVariantOf, type ScanVariant } from './shared';

export interface ScanCodePayload {
  /** Lower case GUID. */
  code: string;
  variant: ScanVariant;
}

/**
 * One scanned code (scan/scan-code): the row waits on this device until the server credits it
 * (XP, balance, the history line) or refuses it (the reason kept on the row).
 */
export const scanCodeKind = defineMutation<ScanCodePayload, typeof scanCode>({
  kind: 'scan-code',
  call: scanCode,
  title: 'Скан',
  noun: ['скан', 'скани', 'сканів'],
  tables: ['scans', 'scanHistory', 'xpBalance', 'docs'],
  views: ['xp', 'scan-stats', 'scan-history'],
  xpMove: (e) => ({ amount: null, what: `Скан коду …${e.payload.code.slice(-6)}`, source: 'scan' }),
  answeredOn: ['/scanning', '/scanbox', '/scan/history', '/history-bonuses'],
  async buildRequest(entry) {
    return { code: entry.payload.code, ...ogoOf(entry.payload.variant) };
  },
  async apply(answer, entry, db) {
    const { code, variant } = entry.payload;
    await db.scans.update(code, { state: 'credited', xp: answer.xp, product: answer.item.product, message: null });
    await db.xpBalance.put({ variant, balance: answer.balance, fetchedAt: Date.now() });
    const i = answer.item;
    // The header's count and XP move with the line, in this transaction.
    if (!(await db.scanHistory.get([variant, String(i.id)]))) await countCreditedLine(db, variant, i.xp);
    await db.scanHistory.put({
      variant,
      id: String(i.id),
      code: i.uuid,
      createdAt: i.date,
      coins: i.xp,
      product: i.product,
      source: i.source,
    });
  },
  async undo(entry, db) {
    await db.scans.update(entry.payload.code, { state: 'refused', message: await refusalReason(db, entry) });
  },
  async redo(entry, db) {
    await db.scans.update(entry.payload.code, { state: 'waiting', message: null, entryId: entry.id });
  },
  describeRefusal(entry, error) {
    return {
      what: `Скан коду ${entry.payload.code}`,
      why: error.message,
      fixAt: { path: '/scanning', label: 'До сканування' },
    };
  },
});

export type SaveScanResult = { saved: true; row: ScanRow } | { saved: false; notice: string; known: KnownScan };

/** What the member already has of a code: this device's scan, else a line of the pulled history. */
export async function knownScan(db: ClubDb, variant: ScanVariant, code: string): Promise<KnownScan | null> {
  const row = await db.scans.get(code);
  if (row) return { state: row.state, xp: row.xp, message: row.message };
  // One getAll, not a filtering cursor (a round trip a row in Chromium): the history is a few pages.
  const line = (await db.scanHistory.where('variant').equals(variant).toArray()).find(
    (h) => h.code.toLowerCase() === code,
  );
  return line ? { state: 'credited', xp: line.coins, message: null } : null;
}

/**
 * Domain action: keeps a scanned code and queues it, in one transaction, unless the member
 * already has it (then nothing is written and the notice says where it stands). `code` must be a
 * checked, lower case GUID (src/domain/scan/read.ts).
 */
export async function saveScanCode(
  db: ClubDb,
  account: Account,
  code: string,
  via: ScanRow['via'],
  now = Date.now(),
): Promise<SaveScanResult> {
  const variant = scanVariantOf(account.variant);
  try {
    return await db.transaction(
      'rw',
      [db.outbox, db.kv, db.scans, db.scanHistory],
      async (): Promise<SaveScanResult> => {
        const known = await knownScan(db, variant, code);
        if (known) return { saved: false, notice: duplicateNotice(known), known };
        const entry = await enqueueInTransaction(db, scanCodeKind, { code, variant }, account, now);
        const row: ScanRow = {
          code,
          variant,
          state: 'waiting',
          scannedAt: now,
          via,
          xp: null,
          product: null,
          message: null,
          entryId: entry.id,
        };
        await db.scans.add(row);
        return { saved: true, row };
      },
    );
  } catch (e) {
    throw explainStorageError(e);
  }
}
