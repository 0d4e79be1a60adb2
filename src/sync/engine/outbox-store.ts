import type { Table } from 'dexie';
import type { ClubDb } from '../../db/database';
import type { KvRow, OutboxEntry, OutboxError } from '../../db/rows-sync';
import { enqueueInTransaction } from './enqueue';
import { PreparedRequest, type AnyMutationKind } from './registry';
import { uuidV4 } from './uuid';
import { markViewsDue, viewsOfEntry, type DueView } from './views';

// The outbox's operations on Dexie, each one short transaction. The replay policy lives in
// outbox.ts; nothing here touches the network.

const tablesOf = (db: ClubDb, kind: AnyMutationKind | undefined) => [db.outbox, db.kv, ...(kind?.tables ?? []).map((t) => db.table(t))];

/** How a batch ends, written in one transaction. */
export interface Settlement {
  /** Accepted: each answer applied and its entry deleted, in FIFO order. */
  done: ReadonlyArray<{ entry: OutboxEntry; kind: AnyMutationKind; answer: unknown }>;
  /** Prepared but not sent (the batch stopped): back to pending, the attempt not counted. */
  unsent: readonly string[];
  /** Transient failure: pending again, not before `until`, with its attempts counted so far. */
  defer?: { id: string; until: number; error: OutboxError; attempts: number };
  /** Permanent refusal: failed with its reason, the optimistic change undone. */
  fail?: { entry: OutboxEntry; kind: AnyMutationKind | undefined; error: OutboxError };
  /**
   * Refused unapplied (a token in it died, or another device wrote first): the same place, a new
   * key, the request built again; not before `until` when given (repeated conflicts back off).
   */
  rekey?: { entry: OutboxEntry; kind: AnyMutationKind | undefined; error: OutboxError; until?: number };
}

/** The tables a settlement writes: the outbox, the key-value store and its kinds' own. */
function settlementTables(db: ClubDb, s: Settlement | null): Set<Table> {
  const kinds = s ? [...s.done.map((d) => d.kind), s.fail?.kind, s.rekey?.kind] : [];
  return new Set([db.outbox, db.kv, ...kinds.flatMap((k) => (k?.tables ?? []).map((t) => db.table(t)))]);
}

/** Applies the accepted answers (to entries still there: a logout may have cleared the outbox) and deletes their entries. */
async function writeDone(db: ClubDb, done: Settlement['done']): Promise<void> {
  if (!done.length) return;
  // Kinds without `apply` need no read.
  const applied = done.filter((d) => d.kind.apply);
  if (applied.length) {
    const present = await db.outbox.bulkGet(applied.map((d) => d.entry.id));
    for (const [i, d] of applied.entries()) if (present[i]) await d.kind.apply?.(d.answer as never, d.entry as OutboxEntry<never>, db);
  }
  await db.outbox.bulkDelete(done.map((d) => d.entry.id));
}

/** The body of `settle`, inside a read-write transaction over `settlementTables`. */
async function writeSettlement(db: ClubDb, s: Settlement): Promise<void> {
  // The unsent ones and the deferred one are read while the accepted ones are written (other
  // keys), then written together; entries gone meanwhile (cleared at logout) are left gone.
  const defer = s.defer;
  const ids = defer ? [defer.id, ...s.unsent] : [...s.unsent];
  const [, found] = await Promise.all([writeDone(db, s.done), ids.length ? db.outbox.bulkGet(ids) : []]);
  const back: OutboxEntry[] = [];
  for (const [i, e] of found.entries()) {
    if (!e) continue;
    if (defer && i === 0) back.push({ ...e, state: 'pending', nextAttemptAt: defer.until, lastError: defer.error, attempts: defer.attempts });
    else if (e.state === 'sending') back.push({ ...e, state: 'pending', attempts: Math.max(0, e.attempts - 1) });
  }
  if (back.length) await db.outbox.bulkPut(back);
  if (s.fail) {
    const current = await db.outbox.get(s.fail.entry.id);
    if (current) {
      await db.outbox.put({ ...current, state: 'failed', lastError: s.fail.error });
      await s.fail.kind?.undo?.(current as OutboxEntry<never>, db);
    }
  }
  if (s.rekey) await rekeyInTransaction(db, s.rekey);
  await markViewsDue(db, settledViews(s));
}

/** The views the answered and the refused entries of a settlement change (see ./views.ts). */
function settledViews(s: Settlement): DueView[] {
  const out = s.done.flatMap((d) => viewsOfEntry(d.kind.views, d.entry as OutboxEntry<never>));
  if (s.fail?.kind) out.push(...viewsOfEntry(s.fail.kind.views, s.fail.entry as OutboxEntry<never>));
  return out;
}

/**
 * Writes a settlement atomically. Until it commits, accepted entries stay 'sending': if the page
 * dies first they are sent again under the same keys and the server replays its stored answers.
 */
export function settle(db: ClubDb, s: Settlement): Promise<void> {
  // An async scope function: Dexie follows native awaits inside it only then.
  return db.transaction('rw', [...settlementTables(db, s)], async () => writeSettlement(db, s));
}

/** Rows read beyond the heads wanted, for a failed entry among them (fewer heads only make a smaller batch). */
const FAILED_MARGIN = 1;

/**
 * The first entries in FIFO order that are not failed ('sending' ones were left by a killed
 * context) nor skipped (the app's own reports waiting out their backoff).
 */
async function readHeads(db: ClubDb, max: number, after: number | null, skip?: (e: OutboxEntry) => boolean): Promise<OutboxEntry[]> {
  // One getAll over the seq index (a filtering cursor costs a round trip per row in Chromium);
  // failed entries are few, so a few more than asked almost always hold enough of the others.
  const from = () => (after === null ? db.outbox.orderBy('seq') : db.outbox.where('seq').above(after));
  const limit = max + FAILED_MARGIN;
  const first = await from().limit(limit).toArray();
  const wanted = (e: OutboxEntry) => e.state !== 'failed' && !skip?.(e);
  let heads = first.filter(wanted);
  if (heads.length === 0 && first.length === limit) {
    heads = await from().filter(wanted).limit(max).toArray();
  }
  return heads.slice(0, max);
}

/** What `advance` does in its one transaction. */
export interface AdvanceStep {
  /** Written first: the accepted answers of a batch sent before, or null. */
  settle: Settlement | null;
  /**
   * Heads are read after this seq, or from the start when null: every entry up to it is settled
   * by now (or by `settle`), failed, or being sent.
   */
  after: number | null;
  /** How many heads to read: the batch to mark, and when requests must be built, the entries after it. */
  read: number;
  /** At most this many are marked. */
  max: number;
  /**
   * The request to mark a head with (its stored one, or one built outside the transaction), or
   * undefined to end the batch before it. Called in FIFO order on the freshly read heads.
   */
  requestFor(entry: OutboxEntry): unknown;
  /** Entries passed over this time (not read as heads): the app's own reports waiting out a backoff. */
  skip?(entry: OutboxEntry): boolean;
}

/** What `advance` read and marked. */
export interface Advanced {
  /** Now 'sending', each attempt counted and its request fixed, in FIFO order. */
  marked: OutboxEntry[];
  /** The heads read (not failed), the marked ones first, as read before marking. */
  heads: OutboxEntry[];
  /** The bearer token to send them with. */
  token: string | null;
}

/**
 * One read-write transaction per batch: writes the settlement of a batch sent before, reads the
 * heads of the queue afresh, and marks the first of them as being sent (attempt counted, request
 * fixed), so every retry sends the same request. Atomic: if the page dies before it commits, the
 * settled batch is still 'sending' (resent under its keys, the server replays its answers) and
 * the next one is untouched; after, the settled batch is gone and the next one is 'sending'.
 */
export function advance(db: ClubDb, step: AdvanceStep): Promise<Advanced> {
  const s = step.settle;
  // Accepted answers only: they are written while the heads after them are read (other keys), as
  // in Chromium each awaited request is a round trip to the browser process.
  const doneOnly = !s || (!s.unsent.length && !s.defer && !s.fail && !s.rekey);
  return db.transaction('rw', [...settlementTables(db, s)], async () => {
    let heads: OutboxEntry[];
    let token: KvRow | undefined;
    if (s && !doneOnly) {
      await writeSettlement(db, s);
      [heads, token] = await Promise.all([readHeads(db, step.read, step.after, step.skip), db.kv.get('pwaToken')]);
    } else {
      [, heads, token] = await Promise.all([s ? writeSettlement(db, s) : null, readHeads(db, step.read, step.after, step.skip), db.kv.get('pwaToken')]);
    }
    const marked: OutboxEntry[] = [];
    for (const e of heads) {
      if (marked.length >= step.max) break;
      const built = step.requestFor(e);
      if (built === undefined) break;
      // A request built now may come with its headers; a stored one keeps those stored with it.
      const fixed = built instanceof PreparedRequest ? { request: built.body, headers: { ...built.headers } } : { request: built, ...(e.headers ? { headers: e.headers } : {}) };
      marked.push({ ...e, state: 'sending', attempts: e.attempts + 1, ...fixed });
    }
    if (marked.length) await db.outbox.bulkPut(marked);
    return { marked, heads, token: typeof token?.value === 'string' ? token.value : null };
  });
}

/** Last resort when a settlement cannot be written: every listed entry waits until `until`. */
export async function deferAll(db: ClubDb, ids: readonly string[], until: number, error: OutboxError): Promise<void> {
  await db.outbox.where('id').anyOf([...ids]).modify({ state: 'pending', nextAttemptAt: until, lastError: error });
}

/**
 * The server refused the entry without applying it (its stored answer is that refusal), so the
 * old key is spent: same place in the queue, new key, request rebuilt on the next attempt.
 */
async function rekeyInTransaction(db: ClubDb, r: NonNullable<Settlement['rekey']>): Promise<void> {
  const { entry, kind, error, until } = r;
  if (!(await db.outbox.get(entry.id))) return;
  await db.outbox.delete(entry.id);
  const { request: _spent, headers: _with, ...rest } = entry;
  const fresh: OutboxEntry = { ...rest, id: uuidV4(), state: 'pending', lastError: error, refreshes: (entry.refreshes ?? 0) + 1 };
  if (until !== undefined) fresh.nextAttemptAt = until;
  await db.outbox.add(fresh);
  await kind?.onRefresh?.(fresh as OutboxEntry<never>, db);
}

/**
 * «Повторити»: a failed entry goes to the end of the queue with a new key (the old one holds the
 * server's refusal) and its optimistic change redone. False when it is not a failed entry.
 */
export function retryFailedEntry(db: ClubDb, kind: AnyMutationKind | undefined, id: string, now: number): Promise<boolean> {
  return db.transaction('rw', tablesOf(db, kind), async () => {
    const e = await db.outbox.get(id);
    if (!e || e.state !== 'failed' || !kind) return false;
    await db.outbox.delete(id);
    const fresh = await enqueueInTransaction(db, kind, e.payload as never, e.account, now);
    await kind.redo?.(fresh as OutboxEntry<never>, db);
    return true;
  });
}

/** «Скасувати»: drops a failed entry (its change was already undone). False when it is not failed. */
export function cancelFailedEntry(db: ClubDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const e = await db.outbox.get(id);
    if (!e || e.state !== 'failed') return false;
    await db.outbox.delete(id);
    return true;
  });
}
