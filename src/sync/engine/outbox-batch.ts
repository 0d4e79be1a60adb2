import type { Transport } from '../../api/transport';
import type { OutboxEntry } from '../../db/rows-sync';
import type { LockHandle } from './lock';
import type { Settlement } from './outbox-store';
import type { AnyMutationKind, MutationContext, MutationRegistry } from './registry';

/**
 * Builds, outside any transaction, the requests of the entries that come next (`heads`, in FIFO
 * order) and have none stored yet, so the transaction that marks them needs nothing else. Stops
 * before an entry that is not due, of an unknown kind, whose request depends on the answers
 * before it (a kind without `batchable`: it is built only at the head of the queue), or whose
 * request cannot be built now (it is built again, and judged, when it reaches the head).
 * Requests go into `built` by entry id; at most `max` entries are looked at.
 */
export async function buildAhead(
  heads: readonly OutboxEntry[],
  max: number,
  registry: MutationRegistry,
  ctx: MutationContext,
  due: (e: OutboxEntry) => boolean,
  built: Map<string, unknown>,
): Promise<void> {
  // Requests of entries gone meanwhile (sent by another tab, cleared at logout) are forgotten.
  if (built.size > 4 * max) built.clear();
  for (const entry of heads.slice(0, max)) {
    if (!due(entry)) return;
    const kind = registry.get(entry.kind);
    if (!kind) return;
    if (entry.request !== undefined || built.has(entry.id)) continue;
    if (!kind.batchable) return;
    try {
      built.set(entry.id, await kind.buildRequest(entry as OutboxEntry<never>, ctx));
    } catch {
      return;
    }
  }
}

/** How a batch ended. */
export interface BatchEnd {
  /** Accepted, in order, and not written yet (kinds with `apply` are written at once, see below). */
  done: Array<Settlement['done'][number]>;
  /** Accepted and already written. */
  written: number;
  /** Accepted in all (written, handed to `beforeLast`, or in `done`). */
  accepted: number;
  /** The attempt that stopped the batch, with what must be written along with its verdict. */
  stopped: { entry: OutboxEntry; kind: AnyMutationKind; error: unknown; settlement: Settlement } | null;
  /** Stop the pass: the lease was lost mid-batch, or a write failed (the entries were deferred). */
  halted: boolean;
}

/**
 * Sends the entries of a batch (already marked 'sending') one by one, in order, never inside a
 * transaction and never two at once. Accepted answers are handed back to be written with the next
 * marking, except those of kinds with `apply`, written at once so the local state follows the
 * server. The first failed attempt ends the batch; its settlement (the accepted ones, the unsent
 * rest) is handed back to be written with the verdict. `write` stores a settlement and says
 * whether it could. `beforeLast` is called as the last request is about to go, and takes over
 * the answers accepted so far (to write them meanwhile).
 */
export async function sendBatch(
  transport: Transport,
  batch: ReadonlyArray<{ entry: OutboxEntry; kind: AnyMutationKind }>,
  token: string | null,
  held: LockHandle,
  write: (s: Settlement) => Promise<boolean>,
  beforeLast?: (accepted: BatchEnd['done']) => void,
): Promise<BatchEnd> {
  const done: BatchEnd['done'] = [];
  let written = 0;
  for (const [j, { entry, kind }] of batch.entries()) {
    const unsent = () => batch.slice(j + 1).map((b) => b.entry.id);
    if (j > 0 && !(await held.stillHeld())) {
      const last = done.splice(0);
      const ok = await write({ done: last, unsent: [entry.id, ...unsent()] });
      return { done: [], written: written + (ok ? last.length : 0), accepted: j, stopped: null, halted: true };
    }
    if (j === batch.length - 1) beforeLast?.(done.splice(0));
    let answer: unknown;
    try {
      const files = kind.files?.(entry as OutboxEntry<never>);
      answer = await transport.send(kind.call, entry.request, { idempotencyKey: entry.id, token, files, ...(entry.headers ? { headers: entry.headers } : {}) });
    } catch (error) {
      return { done: [], written, accepted: j, stopped: { entry, kind, error, settlement: { done: done.splice(0), unsent: unsent() } }, halted: false };
    }
    done.push({ entry, kind, answer });
    if (kind.apply) {
      const now = done.splice(0);
      if (!(await write({ done: now, unsent: [] }))) {
        await write({ done: [], unsent: unsent() });
        return { done: [], written, accepted: j + 1, stopped: null, halted: true };
      }
      written += now.length;
    }
  }
  return { done, written, accepted: batch.length, stopped: null, halted: false };
}

/**
 * How many entries to mark 'sending' per transaction. Each transaction costs a fixed overhead;
 * each entry marked but left unsent when an attempt fails costs a mark and an unmark for
 * nothing. With a failure rate p per attempt, a batch of b costs about T/b + b·p per entry sent
 * (T: the overhead in entry writes), least at b = √(T/p): long batches on a good network, short
 * ones on a flaky one. p is a moving average over the last attempts of this context.
 */
export class BatchSizer {
  private rate: number;

  constructor(
    private readonly opts: { min: number; max: number; overhead: number; smoothing: number; initialRate: number } = BATCH_SIZING,
  ) {
    this.rate = opts.initialRate;
  }

  /** Counts one attempt: answered, or failed (any failure: network, 5xx, refusal). */
  observe(failed: boolean): void {
    this.rate += this.opts.smoothing * ((failed ? 1 : 0) - this.rate);
  }

  get size(): number {
    const { min, max, overhead } = this.opts;
    return Math.max(min, Math.min(max, Math.round(Math.sqrt(overhead / Math.max(this.rate, 1e-6)))));
  }
}

/** Measured with bench/outbox.bench.ts (fake-indexeddb and Chromium alike): a transaction costs about five entry writes. */
export const BATCH_SIZING = { min: 2, max: 50, overhead: 5, smoothing: 0.03, initialRate: 0.02 } as const;
