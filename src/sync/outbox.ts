import type { Transport } from '../api/transport';
import type { ClubDb } from '../db/database';
import type { OutboxEntry } from '../db/rows-sync';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
import { classifyFailure, localFailure, OUTBOX_MESSAGES } from './classify';
import type { LockHandle, OutboxLock } from './lock';
import * as store from './outbox-store';
import { prepare, sendPrepared } from './outbox-batch';
import type { AnyMutationKind, MutationContext, MutationRegistry } from './registry';

export interface OutboxOptions {
  db: ClubDb;
  transport: Transport;
  registry: MutationRegistry;
  /** One replayer at a time across tabs and the service worker (`defaultLock`). */
  lock: OutboxLock;
  /** Epoch ms. Default `Date.now`. */
  now?: () => number;
  /** [0, 1) for the backoff jitter. Default `Math.random`. */
  random?: () => number;
  backoff?: BackoffPolicy;
  /** Told when this context starts and stops replaying (the «Надсилаю…» indicator). */
  onActivity?: (active: boolean) => void;
}

/** What one replay did. */
export interface ReplayReport {
  /** Entries accepted by the server and removed. */
  sent: number;
  /** Entries refused for good in this replay. */
  failed: number;
  /** Epoch ms when the first waiting entry is due (or the lock may be free); null when nothing waits. */
  nextAt: number | null;
  /** Another context holds the lock (lease fallback only; Web Locks wait instead). */
  busy: boolean;
}

type Step = 'failed' | 'refreshed' | { until: number };

const EMPTY: store.Settlement = { done: [], unsent: [] };

/** Entries prepared and marked 'sending' together: three short transactions per batch rather than two per entry. */
const BATCH_SIZE = 25;

/**
 * The outbox replayer (ARCHITECTURE §3): sends entries in FIFO order, each with its id as the
 * Idempotency-Key; 2xx → apply + delete atomically; network, 408, 409, 425, 429, 5xx → backoff
 * and stop the pass; other 4xx → failed + undone, and the rest goes on. Never fetches inside a
 * Dexie transaction. Calls made while a replay runs join it and trigger one more pass.
 */
export class Outbox {
  private running: Promise<ReplayReport> | null = null;
  private again = false;
  private forceNext = false;
  /** Set when a settlement could not be written: the pass stops until then. */
  private haltedUntil: number | null = null;
  private readonly now: () => number;

  constructor(private readonly o: OutboxOptions) {
    this.now = o.now ?? Date.now;
  }

  get db(): ClubDb {
    return this.o.db;
  }

  get isReplaying(): boolean {
    return this.running !== null;
  }

  /**
   * Sends what is due. `force` ignores backoff times (app start after a long pause, «Надіслати
   * зараз»); a transient failure still stops the pass.
   */
  replay(opts: { force?: boolean } = {}): Promise<ReplayReport> {
    if (opts.force) this.forceNext = true;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.o.onActivity?.(true);
    this.running = (async () => {
      let report: ReplayReport;
      do {
        this.again = false;
        const force = this.forceNext;
        this.forceNext = false;
        report = await this.pass(force);
      } while (this.again);
      return report;
    })().finally(() => {
      this.running = null;
      this.o.onActivity?.(false);
    });
    return this.running;
  }

  /** «Надіслати зараз»: every waiting entry becomes due, then a forced replay. */
  async sendNow(): Promise<ReplayReport> {
    await store.makeAllDue(this.o.db, this.now());
    return this.replay({ force: true });
  }

  /** «Повторити» on a failed entry: new key, end of the queue, change redone; then a replay. */
  async retryFailed(id: string): Promise<boolean> {
    const e = await this.o.db.outbox.get(id);
    const ok = e ? await store.retryFailedEntry(this.o.db, this.o.registry.get(e.kind), id, this.now()) : false;
    if (ok) void this.replay();
    return ok;
  }

  /** «Скасувати» on a failed entry: drop it (its change was undone when it failed). */
  cancelFailed(id: string): Promise<boolean> {
    return store.cancelFailedEntry(this.o.db, id);
  }

  private async pass(force: boolean): Promise<ReplayReport> {
    const { db, registry, transport } = this.o;
    let sent = 0;
    let failed = 0;
    const report = (nextAt: number | null, busy = false): ReplayReport => ({ sent, failed, nextAt, busy });
    const result = await this.o.lock.run(async (held: LockHandle): Promise<ReplayReport> => {
      for (;;) {
        if (!(await held.stillHeld())) return report(this.now(), true);
        const { heads, token } = await store.loadHeads(db, BATCH_SIZE);
        const head = heads[0];
        if (!head) return report(null);
        if (!force && head.nextAttemptAt > this.now()) return report(head.nextAttemptAt);
        const ctx: MutationContext = { db, transport, now: this.now, memo: new Map() };
        const prep = await prepare(heads, registry, ctx, (e) => force || e.nextAttemptAt <= this.now());
        let step: Step | null = null;
        if (prep.kind === 'head-failed') {
          // Building its request failed before any send (e.g. no analytics token offline): that counts as an attempt.
          const entry = { ...prep.entry, attempts: prep.entry.attempts + 1 };
          step = prep.unknownKind ? await this.failUnknown(entry) : await this.judge(entry, registry.get(entry.kind), prep.error, EMPTY);
        } else {
          const end = await sendPrepared(db, transport, prep.items, token, held, (s) => this.write(s));
          sent += end.sent;
          if (end.halted) return report(this.haltedUntil ?? this.now(), this.haltedUntil === null);
          if (end.stopped) {
            const { entry, kind, error, settlement } = end.stopped;
            step = await this.judge(entry, kind, error, settlement);
            sent += settlement.done.length;
          }
        }
        if (step === 'failed') failed += 1;
        if (typeof step === 'object' && step !== null) return report(step.until);
        if (this.haltedUntil !== null) return report(this.haltedUntil);
      }
    });
    this.haltedUntil = null;
    return result.ok ? result.value : report(result.retryAt, true);
  }

  /**
   * The verdict on a failed attempt (ARCHITECTURE §3), written with the rest of its batch in one
   * transaction: transient → backoff (with Retry-After) and stop the pass; permanent → failed and
   * undone, go on; a dead token inside the request → new key, go on.
   */
  private async judge(entry: OutboxEntry, kind: AnyMutationKind | undefined, error: unknown, base: store.Settlement): Promise<Step> {
    const now = this.now();
    const outcome = classifyFailure(error, kind, entry, now);
    if (outcome.action === 'fail') {
      await this.write({ ...base, fail: { entry, kind, error: outcome.error } });
      return 'failed';
    }
    if (outcome.action === 'refresh') {
      await this.write({ ...base, rekey: { entry, error: outcome.error } });
      return 'refreshed';
    }
    const until = now + backoffDelay(Math.max(1, entry.attempts), outcome.retryAfterMs, this.o.random, this.o.backoff ?? DEFAULT_BACKOFF);
    await this.write({ ...base, defer: { id: entry.id, until, error: outcome.error, attempts: entry.attempts } });
    return { until };
  }

  private async failUnknown(entry: OutboxEntry): Promise<Step> {
    await this.write({ ...EMPTY, fail: { entry, kind: undefined, error: { status: 0, code: 'unknown_kind', message: OUTBOX_MESSAGES.unknownKind, at: this.now() } } });
    return 'failed';
  }

  /**
   * Writes a settlement. If it cannot be written (full disk, a bug in an `apply`), every entry it
   * names waits and is sent again later under its own key (the server replays its answer), and
   * the pass stops.
   */
  private async write(s: store.Settlement): Promise<boolean> {
    try {
      await store.settle(this.o.db, s);
      return true;
    } catch (e) {
      const now = this.now();
      const ids = [...s.done.map((d) => d.entry.id), ...s.unsent, s.defer?.id, s.fail?.entry.id, s.rekey?.entry.id].filter((x): x is string => !!x);
      const until = now + backoffDelay(1, null, this.o.random, this.o.backoff ?? DEFAULT_BACKOFF);
      await store.deferAll(this.o.db, ids, until, localFailure(e, now)).catch(() => undefined);
      this.haltedUntil = until;
      return false;
    }
  }
}
