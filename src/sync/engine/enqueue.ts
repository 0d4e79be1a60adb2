import { Dexie } from 'dexie';
import type { CallDef } from '../../contract/define';
import type { ClubDb } from '../../db/database';
import { kvGet, kvSet } from '../../db/kv';
import type { Account, OutboxEntry } from '../../db/rows-sync';
import { explainStorageError, requestPersistence } from '../../db/storage';
import type { MutationKind } from './registry';
import { uuidV4 } from './uuid';
import { stampsOfViews, viewsOfEntry } from './views';

/** Next FIFO number: above both the stored counter and the last queued entry. */
async function nextSeq(db: ClubDb): Promise<number> {
  const last = (await db.outbox.orderBy('seq').last())?.seq ?? 0;
  const counter = (await kvGet(db, 'outboxSeq')) ?? 0;
  const seq = Math.max(last, counter) + 1;
  await kvSet(db, 'outboxSeq', seq);
  return seq;
}

/**
 * Queues one mutation. Must run inside the read-write transaction that makes the optimistic
 * local change (over `outbox` and `kv` at least), so the change and its entry are stored
 * together or not at all. Returns the entry (its id is the Idempotency-Key).
 */
export async function enqueueInTransaction<P, C extends CallDef>(
  db: ClubDb,
  kind: MutationKind<P, C>,
  payload: P,
  account: Account,
  now = Date.now(),
): Promise<OutboxEntry<P>> {
  const tx = Dexie.currentTransaction;
  const stores = tx ? [...tx.storeNames] : [];
  if (!tx || tx.mode !== 'readwrite' || !stores.includes('outbox') || !stores.includes('kv')) {
    throw new Error('enqueueInTransaction must run inside a read-write transaction over outbox and kv');
  }
  const entry: OutboxEntry<P> = {
    id: uuidV4(),
    seq: await nextSeq(db),
    kind: kind.kind,
    payload,
    account,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
    state: 'pending',
    lastError: null,
  };
  entry.stamps = stampsOfViews(viewsOfEntry(kind.views, entry));
  await db.outbox.add(entry);
  return entry;
}

/**
 * A domain action's write: `change` makes the optimistic local change and returns the payload
 * to queue; both happen in one transaction over the kind's tables, `outbox` and `kv`. A failure
 * of either leaves nothing behind; a full disk comes back as `StorageFullError` (Ukrainian).
 */
export async function mutate<P, C extends CallDef>(
  db: ClubDb,
  kind: MutationKind<P, C>,
  opts: { account: Account; change: () => P | Promise<P>; now?: number },
): Promise<OutboxEntry<P>> {
  const tables = [db.outbox, db.kv, ...kind.tables.map((t) => db.table(t))];
  let entry: OutboxEntry<P>;
  try {
    entry = await db.transaction('rw', tables, async () => {
      const payload = await opts.change();
      return enqueueInTransaction(db, kind, payload, opts.account, opts.now);
    });
  } catch (e) {
    throw explainStorageError(e);
  }
  if (!kind.quiet) askPersistenceOnce();
  return entry;
}

let persistenceAsked: Promise<boolean> | null = null;

/**
 * A signed-in member's first queued change (an account is on every entry; the app's own reports
 * aside): the browser is asked once per run to keep the data under storage pressure, so changes
 * waiting offline for days are not evicted.
 */
export function askPersistenceOnce(): Promise<boolean> {
  persistenceAsked ??= requestPersistence();
  return persistenceAsked;
}
