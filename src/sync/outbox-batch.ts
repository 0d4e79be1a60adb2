import type { Transport } from '../api/transport';
import type { ClubDb } from '../db/database';
import type { OutboxEntry } from '../db/rows-sync';
import type { LockHandle } from './lock';
import { markSending, type Settlement } from './outbox-store';
import type { AnyMutationKind, MutationContext, MutationRegistry } from './registry';

/** An entry ready to send: its kind and its request, built or fixed earlier. */
export interface Prepared {
  entry: OutboxEntry;
  kind: AnyMutationKind;
  request: unknown;
}

export type Preparation =
  | { kind: 'batch'; items: Prepared[] }
  /** The head entry cannot be prepared: an unknown kind, or building its request failed. */
  | { kind: 'head-failed'; entry: OutboxEntry; error: unknown; unknownKind: boolean };

/**
 * Builds the requests of the due entries at the head of the queue, outside any transaction.
 * Stops before an entry that is not due, of an unknown kind, or whose request depends on the
 * answers before it (a kind without `batchable`), unless it is the head itself.
 */
export async function prepare(heads: readonly OutboxEntry[], registry: MutationRegistry, ctx: MutationContext, due: (e: OutboxEntry) => boolean): Promise<Preparation> {
  const items: Prepared[] = [];
  for (const [i, entry] of heads.entries()) {
    if (!due(entry)) break;
    const kind = registry.get(entry.kind);
    if (!kind) {
      if (i === 0) return { kind: 'head-failed', entry, error: null, unknownKind: true };
      break;
    }
    if (entry.request !== undefined) {
      items.push({ entry, kind, request: entry.request });
      continue;
    }
    if (i > 0 && !kind.batchable) break;
    try {
      items.push({ entry, kind, request: await kind.buildRequest(entry as OutboxEntry<never>, ctx) });
    } catch (error) {
      if (i === 0) return { kind: 'head-failed', entry, error, unknownKind: false };
      break;
    }
  }
  return { kind: 'batch', items };
}

/** How a batch ended. */
export interface BatchEnd {
  /** Accepted and written. */
  sent: number;
  /** The attempt that stopped the batch, with what must be written along with its verdict. */
  stopped: { entry: OutboxEntry; kind: AnyMutationKind; error: unknown; settlement: Settlement } | null;
  /** Stop the pass: the lease was lost mid-batch, or a write failed (the entries were deferred). */
  halted: boolean;
}

/**
 * Marks the batch 'sending' in one transaction, then sends its entries one by one, in order,
 * never inside a transaction. Accepted answers are written together at the end (at once for kinds
 * whose answer shapes the next request); the first failed attempt ends the batch, and its
 * settlement (the accepted ones, the unsent rest) is handed back to be written with the verdict.
 * `write` stores a settlement and says whether it could.
 */
export async function sendPrepared(
  db: ClubDb,
  transport: Transport,
  items: Prepared[],
  token: string | null,
  held: LockHandle,
  write: (s: Settlement) => Promise<boolean>,
): Promise<BatchEnd> {
  const marked = await markSending(db, items.map((i) => ({ id: i.entry.id, request: i.request })));
  const kindOf = new Map(items.map((i) => [i.entry.id, i.kind]));
  const done: Array<Settlement['done'][number]> = [];
  let sent = 0;
  const flush = async (unsent: string[] = []) => {
    const batch = done.splice(0);
    const ok = await write({ done: batch, unsent });
    if (ok) sent += batch.length;
    return ok;
  };
  for (const [j, entry] of marked.entries()) {
    const kind = kindOf.get(entry.id)!;
    const unsent = marked.slice(j + 1).map((e) => e.id);
    if (j > 0 && !(await held.stillHeld())) {
      await flush([entry.id, ...unsent]);
      return { sent, stopped: null, halted: true };
    }
    try {
      const files = kind.files?.(entry as OutboxEntry<never>);
      done.push({ entry, kind, answer: await transport.send(kind.call, entry.request, { idempotencyKey: entry.id, token, files }) });
    } catch (error) {
      return { sent, stopped: { entry, kind, error, settlement: { done: done.splice(0), unsent } }, halted: false };
    }
    if (kind.apply && !(await flush())) {
      await write({ done: [], unsent });
      return { sent, stopped: null, halted: true };
    }
  }
  const written = await flush();
  return { sent, stopped: null, halted: !written };
}
