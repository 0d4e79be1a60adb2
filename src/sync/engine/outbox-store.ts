import type { ClubDb } from '../../db/database';
import type { OutboxEntry, OutboxError } from '../../db/rows-sync';
import { enqueueInTransaction } from './enqueue';
import { PreparedRequest, type AnyMutationKind } from './registry';
import { uuidV4 } from './uuid';
import { markViewsDue, viewsOfEntry } from './views';

// The outbox's operations on Dexie, each one short transaction. The replay policy lives in
// outbox.ts; nothing here touches the network.

const tablesOf = (db: ClubDb, kind: AnyMutationKind | undefined) => [
  db.outbox,
  db.kv,
  ...(kind?.tables ?? []).map((t) => db.table(t)),
];

/**
 * Where a pass stands in the queue: past seq `after` (from the start when null), passing over
 * the entries `skip` names ('sending' ones were left by a killed context: they are sent again).
 */
export interface Position {
  after: number | null;
  /** Called in FIFO order, up to the head. */
  skip: (e: OutboxEntry) => boolean;
}

/** The first entry at `at` that is neither failed nor passed over. */
export async function readHead(db: ClubDb, at: Position): Promise<OutboxEntry | undefined> {
  // Two rows, then longer runs past failed or passed-over entries: each read is one getAll over
  // the seq index (a filtering cursor costs a round trip per row in Chromium).
  for (let from = at.after, limit = 2; ; limit = 50) {
    const rows = await (from === null ? db.outbox.orderBy('seq') : db.outbox.where('seq').above(from))
      .limit(limit)
      .toArray();
    const head = rows.find((e) => e.state !== 'failed' && !at.skip(e));
    if (head || rows.length < limit) return head;
    from = rows[rows.length - 1]!.seq;
  }
}

/**
 * Marks an entry 'sending' in one transaction: its attempt counted and its request fixed (the one
 * stored before, or `built` now outside any transaction), so every retry sends the same body and
 * headers. Reads the bearer token to send it with. Null when the entry is gone meanwhile (cleared
 * at logout).
 */
export function markSending(
  db: ClubDb,
  id: string,
  built: unknown,
): Promise<{ entry: OutboxEntry; token: string | null } | null> {
  return db.transaction('rw', [db.outbox, db.kv], async () => {
    const [e, token] = await Promise.all([db.outbox.get(id), db.kv.get('pwaToken')]);
    if (!e || e.state === 'failed') return null;
    // A request built now may come with its headers; a stored one keeps those stored with it.
    const fixed =
      built === undefined
        ? {}
        : built instanceof PreparedRequest
          ? { request: built.body, headers: { ...built.headers } }
          : { request: built };
    const entry: OutboxEntry = { ...e, ...fixed, state: 'sending', attempts: e.attempts + 1 };
    await db.outbox.put(entry);
    return { entry, token: typeof token?.value === 'string' ? token.value : null };
  });
}

/** What came of one attempt, written in one transaction. */
export type Settlement =
  /** Accepted: the answer applied and the entry deleted. */
  | { type: 'accepted'; entry: OutboxEntry; kind: AnyMutationKind; answer: unknown }
  /** Transient failure: pending again, not before `until`, with the attempts of `entry`. */
  | { type: 'deferred'; entry: OutboxEntry; until: number; error: OutboxError }
  /** Permanent refusal: failed with its reason, the optimistic change undone. */
  | { type: 'refused'; entry: OutboxEntry; kind: AnyMutationKind | undefined; error: OutboxError }
  /**
   * Refused unapplied (a token in it died, or another device wrote first): the same place, a new
   * key, the request built again; not before `until` when given (repeated conflicts back off).
   */
  | { type: 'rekeyed'; entry: OutboxEntry; kind: AnyMutationKind; error: OutboxError; until?: number };

/**
 * Writes what came of an attempt atomically, with the views it changes (./views.ts), and reads
 * the next head at `next` in the same transaction (one round trip fewer an entry); null `next`:
 * the pass stops here, nothing is read. Until it commits an accepted entry stays 'sending': if
 * the page dies first it is sent again under the same key and the server replays its stored
 * answer. An entry gone meanwhile (cleared at logout) is left gone.
 */
export function settle(db: ClubDb, s: Settlement, next: Position | null): Promise<OutboxEntry | undefined> {
  const kind = s.type === 'deferred' ? undefined : s.kind;
  // An async scope function: Dexie follows native awaits inside it only then.
  return db.transaction('rw', tablesOf(db, kind), async () => {
    const current = await db.outbox.get(s.entry.id);
    if (current) await write(db, s, current);
    return next ? readHead(db, next) : undefined;
  });
}

async function write(db: ClubDb, s: Settlement, current: OutboxEntry): Promise<void> {
  if (s.type === 'accepted') {
    await s.kind.apply?.(s.answer as never, s.entry as OutboxEntry<never>, db);
    await db.outbox.delete(s.entry.id);
  } else if (s.type === 'deferred') {
    await db.outbox.put({
      ...current,
      state: 'pending',
      nextAttemptAt: s.until,
      lastError: s.error,
      attempts: s.entry.attempts,
    });
  } else if (s.type === 'refused') {
    await db.outbox.put({ ...current, state: 'failed', lastError: s.error });
    await s.kind?.undo?.(current as OutboxEntry<never>, db);
  } else {
    await rekey(db, s);
  }
  if ((s.type === 'accepted' || s.type === 'refused') && s.kind)
    await markViewsDue(db, viewsOfEntry(s.kind.views, s.entry as OutboxEntry<never>));
}

/**
 * The server refused the entry without applying it (its stored answer is that refusal), so the
 * old key is spent: same place in the queue, new key, request rebuilt on the next attempt.
 */
async function rekey(db: ClubDb, r: Extract<Settlement, { type: 'rekeyed' }>): Promise<void> {
  const { entry, kind, error, until } = r;
  await db.outbox.delete(entry.id);
  const { request: _spent, headers: _with, ...rest } = entry;
  const fresh: OutboxEntry = {
    ...rest,
    id: uuidV4(),
    state: 'pending',
    lastError: error,
    refreshes: (entry.refreshes ?? 0) + 1,
  };
  if (until !== undefined) fresh.nextAttemptAt = until;
  await db.outbox.add(fresh);
  await kind.onRefresh?.(fresh as OutboxEntry<never>, db);
}

/** Last resort when a result cannot be written: the entry waits until `until`. */
export async function deferEntry(db: ClubDb, id: string, until: number, error: OutboxError): Promise<void> {
  await db.outbox.update(id, { state: 'pending', nextAttemptAt: until, lastError: error });
}

/**
 * «Повторити»: a failed entry goes to the end of the queue with a new key (the old one holds the
 * server's refusal) and its optimistic change redone. False when it is not a failed entry.
 */
export function retryFailedEntry(
  db: ClubDb,
  kind: AnyMutationKind | undefined,
  id: string,
  now: number,
): Promise<boolean> {
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
