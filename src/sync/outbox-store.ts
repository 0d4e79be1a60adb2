import type { ClubDb } from '../db/database';
import type { OutboxEntry, OutboxError } from '../db/rows-sync';
import { enqueueInTransaction } from './enqueue';
import type { AnyMutationKind } from './registry';
import { uuidV4 } from './uuid';

// The outbox's operations on Dexie, each one short transaction. The replay policy lives in
// outbox.ts; nothing here touches the network.

const tablesOf = (db: ClubDb, kind: AnyMutationKind | undefined) => [db.outbox, db.kv, ...(kind?.tables ?? []).map((t) => db.table(t))];

/**
 * The first `max` entries in FIFO order that are not failed ('sending' ones were left by a killed
 * context), and the bearer token to send them with, in one read.
 */
export function loadHeads(db: ClubDb, max: number): Promise<{ heads: OutboxEntry[]; token: string | null }> {
  return db.transaction('r', [db.outbox, db.kv], async () => {
    // One getAll over the seq index (a filtering cursor costs a round trip per row in Chromium);
    // failed entries are few, so twice the batch almost always holds a full batch of the others.
    const first = await db.outbox.orderBy('seq').limit(max * 2).toArray();
    let heads = first.filter((e) => e.state !== 'failed');
    if (heads.length === 0 && first.length === max * 2) {
      heads = await db.outbox.orderBy('seq').filter((e) => e.state !== 'failed').limit(max).toArray();
    }
    const token = (await db.kv.get('pwaToken'))?.value;
    return { heads: heads.slice(0, max), token: typeof token === 'string' ? token : null };
  });
}

/**
 * Marks entries as being sent, counts the attempt and fixes each one's request, in one
 * transaction. Entries gone (logout, cancelled) or failed meanwhile are left out.
 */
export function markSending(db: ClubDb, items: ReadonlyArray<{ id: string; request: unknown }>): Promise<OutboxEntry[]> {
  return db.transaction('rw', db.outbox, async () => {
    const found = await db.outbox.bulkGet(items.map((i) => i.id));
    const next: OutboxEntry[] = [];
    found.forEach((e, i) => {
      if (e && e.state !== 'failed') next.push({ ...e, state: 'sending', attempts: e.attempts + 1, request: items[i]!.request });
    });
    await db.outbox.bulkPut(next);
    return next;
  });
}

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
  /** Refused unapplied because a token in it died: the same place, a new key (see rekeyEntry). */
  rekey?: { entry: OutboxEntry; error: OutboxError };
}

/**
 * Writes a settlement atomically. Until it commits, accepted entries stay 'sending': if the page
 * dies first they are sent again under the same keys and the server replays its stored answers.
 */
export function settle(db: ClubDb, s: Settlement): Promise<void> {
  const kinds = [...s.done.map((d) => d.kind), s.fail?.kind];
  const tables = new Set([db.outbox, db.kv, ...kinds.flatMap((k) => (k?.tables ?? []).map((t) => db.table(t)))]);
  return db.transaction('rw', [...tables], async () => {
    if (s.done.length) {
      const present = await db.outbox.bulkGet(s.done.map((d) => d.entry.id));
      for (const [i, d] of s.done.entries()) if (present[i]) await d.kind.apply?.(d.answer as never, d.entry as OutboxEntry<never>, db);
      await db.outbox.bulkDelete(s.done.map((d) => d.entry.id));
    }
    if (s.unsent.length) {
      const found = await db.outbox.bulkGet([...s.unsent]);
      const back = found.filter((e): e is OutboxEntry => e?.state === 'sending').map((e) => ({ ...e, state: 'pending' as const, attempts: Math.max(0, e.attempts - 1) }));
      await db.outbox.bulkPut(back);
    }
    if (s.defer) await db.outbox.update(s.defer.id, { state: 'pending', nextAttemptAt: s.defer.until, lastError: s.defer.error, attempts: s.defer.attempts });
    if (s.fail) {
      const current = await db.outbox.get(s.fail.entry.id);
      if (current) {
        await db.outbox.put({ ...current, state: 'failed', lastError: s.fail.error });
        await s.fail.kind?.undo?.(current as OutboxEntry<never>, db);
      }
    }
    if (s.rekey) await rekeyInTransaction(db, s.rekey.entry, s.rekey.error);
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
async function rekeyInTransaction(db: ClubDb, entry: OutboxEntry, error: OutboxError): Promise<void> {
  if (!(await db.outbox.get(entry.id))) return;
  await db.outbox.delete(entry.id);
  const { request: _spent, ...rest } = entry;
  await db.outbox.add({ ...rest, id: uuidV4(), state: 'pending', lastError: error, refreshes: (entry.refreshes ?? 0) + 1 });
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

/** «Надіслати зараз»: every waiting entry becomes due now. */
export async function makeAllDue(db: ClubDb, now: number): Promise<void> {
  await db.outbox.where('state').equals('pending').modify({ nextAttemptAt: now });
}
