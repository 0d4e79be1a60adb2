import { multiscanLoad } from '../../../contract/scan';
import type { ClubDb } from '../../../db/database';
import { kvGet } from '../../../db/kv';
import type { MultiscanRow } from '../../../db/rows-queued';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { explainStorageError } from '../../../db/storage';
import { enqueueInTransaction } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import { uuidV4 } from '../../engine/uuid';
import { refusalReason, scanVariantOf, type ScanVariant } from './shared';

export interface MultiscanPayload {
  /** Base64 of the resized JPEG (no data: prefix). */
  image: string;
  variant: ScanVariant;
  /** The photo's row in `multiscans` (the first entry's key: a retry gets a new key, the row stays). */
  rowId: string;
}

export const MULTISCAN_KIND = 'multiscan-load';

/**
 * A photo of several packs (mapi/multiscan/load, docs/api.md#scan): the server reads every code in it and
 * credits each valid unused one; the row lists what became of each code. Sent by the outbox, or
 * at once with upload progress by src/sync/scan/upload.ts (same key, same body).
 */
export const multiscanKind = defineMutation<MultiscanPayload, typeof multiscanLoad>({
  kind: MULTISCAN_KIND,
  call: multiscanLoad,
  title: 'Фото з кодами',
  noun: ['фото з кодами', 'фото з кодами', 'фото з кодами'],
  tables: ['multiscans', 'scans', 'xpBalance'],
  views: ['xp', 'scan-stats', 'scan-history'],
  xpMove: () => ({ amount: null, what: 'Фото з кодами', source: 'scan' }),
  answeredOn: ['/history-bonuses'],
  async buildRequest(entry, ctx) {
    return multiscanRequest(entry, (await kvGet(ctx.db, 'phone')) ?? '');
  },
  async apply(answer, entry, db) {
    const variant = entry.payload.variant;
    const codes = answer.codes.map((c) => ({
      code: c.uuid,
      state: c.outcome,
      coins: c.outcome === 'awarded' ? c.xp : null,
      message: c.message,
    }));
    await db.multiscans.update(entry.payload.rowId, {
      state: 'sent',
      codes,
      message: null,
      xpTotal: answer.xp_total,
      serverId: answer.id,
    });
    await db.xpBalance.put({ variant, balance: answer.balance, fetchedAt: Date.now() });
    const now = Date.now();
    for (const c of answer.codes) {
      if (c.outcome !== 'awarded') continue;
      const code = c.uuid.toLowerCase();
      if (await db.scans.get(code)) continue;
      await db.scans.put({
        code,
        variant,
        state: 'credited',
        scannedAt: now,
        via: 'photo',
        xp: c.xp,
        product: c.message.replace(/^\+\d+ XP: /, ''),
        message: null,
        entryId: null,
      });
    }
  },
  async undo(entry, db) {
    await db.multiscans.update(entry.payload.rowId, { state: 'refused', message: await refusalReason(db, entry) });
  },
  async redo(entry, db) {
    await db.multiscans.update(entry.payload.rowId, { state: 'waiting', message: null });
  },
});

/** The multiscan body of an entry: the member's own phone and record (the server checks both). */
export function multiscanRequest(entry: OutboxEntry<MultiscanPayload>, phone: string) {
  return { image: entry.payload.image, phone, user_id: entry.account.customerId, image_type: 'base64' as const };
}

/**
 * Domain action: the photo's row (waiting) and its entry in one transaction.
 */
export async function queueMultiscan(
  db: ClubDb,
  account: Account,
  image: string,
  preview: string | null,
  now = Date.now(),
): Promise<OutboxEntry<MultiscanPayload>> {
  const variant = scanVariantOf(account.variant);
  try {
    return await db.transaction('rw', [db.outbox, db.kv, db.multiscans], async () => {
      const rowId = uuidV4();
      const entry = await enqueueInTransaction(db, multiscanKind, { image, variant, rowId }, account, now);
      const row: MultiscanRow = {
        id: rowId,
        variant,
        state: 'waiting',
        codes: [],
        message: null,
        createdAt: now,
        preview,
        xpTotal: null,
      };
      await db.multiscans.add(row);
      return entry;
    });
  } catch (e) {
    throw explainStorageError(e);
  }
}
