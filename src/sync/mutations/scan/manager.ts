import { saveManager } from '../../../contract/scan';
import type { ClubDb } from '../../../db/database';
import { kvGet, kvSet } from '../../../db/kv';
import type { Account } from '../../../db/rows-sync';
import { explainStorageError } from '../../../db/storage';
import { enqueueInTransaction } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import { refusalReason, scanVariantOf, type ScanVariant } from './shared';

export interface ScanManagerPayload {
  variant: ScanVariant;
  manager: string;
  from: string;
}

async function setManagerState(
  db: ClubDb,
  variant: ScanVariant,
  patch: { state: 'waiting' | 'saved' | 'refused'; message: string | null },
): Promise<void> {
  const all = { ...((await kvGet(db, 'scanManager')) ?? {}) };
  const cur = all[variant];
  if (!cur) return;
  all[variant] = { ...cur, ...patch };
  await kvSet(db, 'scanManager', all);
}

/** The store consultant read from a badge QR (scan/save-manager, docs/api.md#scan), for the variant's record. */
export const scanManagerKind = defineMutation<ScanManagerPayload, typeof saveManager>({
  kind: 'scan-manager',
  call: saveManager,
  title: 'Консультант',
  noun: ['консультанта', 'консультантів', 'консультантів'],
  tables: [],
  views: ['scan-stats'],
  async buildRequest(entry) {
    const { variant, manager, from } = entry.payload;
    return { shopify_id: entry.account.customerId, manager, manager_from: from, brand: variant };
  },
  async apply(_answer, entry, db) {
    await setManagerState(db, entry.payload.variant, { state: 'saved', message: null });
  },
  async undo(entry, db) {
    await setManagerState(db, entry.payload.variant, { state: 'refused', message: await refusalReason(db, entry) });
  },
  async redo(entry, db) {
    await setManagerState(db, entry.payload.variant, { state: 'waiting', message: null });
  },
});

export type SaveManagerResult = { saved: true } | { saved: false; notice: string };

/**
 * Domain action: a consultant's badge is sent once per variant (docs/rules.md#entities managerAdded). When one
 * is saved or waiting already (or the server says one is added), nothing is queued.
 */
export async function saveScanManager(
  db: ClubDb,
  account: Account,
  manager: string,
  from: string,
  serverHasOne: boolean,
  now = Date.now(),
): Promise<SaveManagerResult> {
  const variant = scanVariantOf(account.variant);
  try {
    return await db.transaction('rw', [db.outbox, db.kv], async (): Promise<SaveManagerResult> => {
      const all = { ...((await kvGet(db, 'scanManager')) ?? {}) };
      const cur = all[variant];
      if (cur && cur.state !== 'refused') return { saved: false, notice: `Консультанта ${cur.manager} уже збережено` };
      if (serverHasOne && !cur) return { saved: false, notice: 'Консультанта, який тобі допоміг, уже збережено' };
      all[variant] = { manager, from, state: 'waiting', message: null, at: now };
      await kvSet(db, 'scanManager', all, now);
      await enqueueInTransaction(db, scanManagerKind, { variant, manager, from }, account, now);
      return { saved: true };
    });
  } catch (e) {
    throw explainStorageError(e);
  }
}
