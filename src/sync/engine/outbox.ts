import type { Transport } from '../../api/transport';
import type { ClubDb } from '../../db/database';
import type { OutboxEntry } from '../../db/rows-sync';
import { backoffDelay, DEFAULT_BACKOFF, policyFor, type BackoffPolicy } from './backoff';
import { classifyFailure, localFailure, OUTBOX_MESSAGES } from './classify';
import type { LockHandle, OutboxLock } from './lock';
import * as store from './outbox-store';
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

/**
 * What came of one entry, for the pass: go on with `head`, the next entry (read in the
 * transaction that settled this one), after 'sent', 'failed' (refused for good and undone),
 * 'rekeyed' (sent again at once with a fresh request), 'held' (an app's own report waiting out
 * its backoff) and 'gone' (cleared meanwhile, at logout); or stop the pass until `wait` after a
 * transient failure, or a result that could not be stored.
 */
type Step = { went: Went; head: OutboxEntry | undefined } | { wait: number };
type Went = 'sent' | 'failed' | 'rekeyed' | 'held' | 'gone';

/** What one pass keeps from one entry to the next. */
interface Pass {
  /** The member asked for this pass («Надіслати зараз», back online): backoff times are ignored. */
  force: boolean;
  /** For building requests: a token read once serves every request; renewed when a token inside requests died. */
  ctx: MutationContext;
  /** Where the pass stands: every entry up to `after` is settled, failed or passed over in this pass. */
  at: store.Position;
  /** A report was passed over in this pass: the reports after it wait too, so they keep their order. */
  quietPassed: boolean;
}

/** Re-keyed entries are rebuilt at once this many times in a row; after that each rebuild waits its backoff. */
const REFRESHES_AT_ONCE = 2;

/**
 * The outbox replayer (docs/architecture.md#outbox): sends entries in FIFO order, one at a time, each with
 * its id as the Idempotency-Key; 2xx → apply + delete atomically; network, 408, 409, 425, 429,
 * 5xx → backoff and stop the pass; other 4xx → failed + undone, and the rest goes on. Never
 * fetches inside a Dexie transaction. Calls made while a replay runs join it and trigger one
 * more pass.
 */
export class Outbox {
  private running: Promise<ReplayReport> | null = null;
  private again = false;
  private forceNext = false;
  private readonly now: () => number;
  private readonly backoff: BackoffPolicy;
  /**
   * Until when the app's own reports (quiet kinds: analytics) are passed over, after one of them
   * failed for now: they never hold the member's changes behind them (a forced pass tries them once).
   */
  private quietHold = 0;

  constructor(private readonly o: OutboxOptions) {
    this.now = o.now ?? Date.now;
    this.backoff = o.backoff ?? DEFAULT_BACKOFF;
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

  /**
   * «Надіслати зараз» (and back online): a forced replay, trying now whatever the backoff says.
   * The entries keep their schedule, so a try that fails again never puts the next one later.
   */
  sendNow(): Promise<ReplayReport> {
    return this.replay({ force: true });
  }

  /** «Повторити» on a failed entry: new key, end of the queue, change redone; then a replay. */
  async retryFailed(id: string): Promise<boolean> {
    const e = await this.o.db.outbox.get(id);
    const ok = e ? await store.retryFailedEntry(this.o.db, this.o.registry.get(e.kind), id, this.now()) : false;
    if (ok) void this.replay();
    return ok;
  }

  /** The member has been told of these refusals (each is announced once). */
  async markNoticed(ids: readonly string[]): Promise<void> {
    if (ids.length)
      await this.o.db.outbox
        .where('id')
        .anyOf([...ids])
        .modify({ noticed: true });
  }

  /** «Скасувати» on a failed entry: drop it (its change was undone when it failed). */
  cancelFailed(id: string): Promise<boolean> {
    return store.cancelFailedEntry(this.o.db, id);
  }

  /** One pass under the lock; the lease fallback's "busy" when another context holds it. */
  private async pass(force: boolean): Promise<ReplayReport> {
    const counted = { sent: 0, failed: 0 };
    if (force) this.quietHold = 0;
    const result = await this.o.lock.run((held) => this.drain(held, force, counted));
    return result.ok ? { ...counted, ...result.value } : { ...counted, nextAt: result.retryAt, busy: true };
  }

  /** The replay loop: the head of the queue, sent and settled, until it is empty or must wait. */
  private async drain(
    held: LockHandle,
    force: boolean,
    counted: { sent: number; failed: number },
  ): Promise<Pick<ReplayReport, 'nextAt' | 'busy'>> {
    const p: Pass = {
      force,
      ctx: this.context(),
      at: { after: null, skip: (e) => this.passedOver(p, e) },
      quietPassed: false,
    };
    let head = await store.readHead(this.o.db, p.at);
    for (;;) {
      if (!head) return { nextAt: await this.nextQuietAt(), busy: false };
      // The lease was taken over (lease fallback only): the other context sends the rest.
      if (!(await held.stillHeld())) return { nextAt: this.now(), busy: true };
      if (!this.due(p, head)) return { nextAt: head.nextAttemptAt, busy: false };
      const step = await this.attempt(p, head);
      if ('wait' in step) return { nextAt: step.wait, busy: false };
      if (step.went === 'sent') counted.sent += 1;
      if (step.went === 'failed') counted.failed += 1;
      head = step.head;
    }
  }

  /** One entry: its request fixed (built once, before its first attempt), sent, and what came of it written. */
  private async attempt(p: Pass, head: OutboxEntry): Promise<Step> {
    const kind = this.o.registry.get(head.kind);
    if (!kind) {
      const error = { status: 0, code: 'unknown_kind', message: OUTBOX_MESSAGES.unknownKind, at: this.now() };
      return this.settle(p, { type: 'refused', entry: head, kind: undefined, error }, 'failed');
    }
    let built: unknown;
    if (head.request === undefined) {
      try {
        built = await kind.buildRequest(head as OutboxEntry<never>, p.ctx);
      } catch (error) {
        // Building it failed before any send (no analytics token offline, say): that counts as an attempt.
        return this.judge(p, { ...head, attempts: head.attempts + 1 }, kind, error);
      }
    }
    let marked: Awaited<ReturnType<typeof store.markSending>>;
    try {
      marked = await store.markSending(this.o.db, head.id, built);
    } catch (error) {
      return this.unwritten(head.id, error);
    }
    if (!marked) return { went: 'gone', head: await store.readHead(this.o.db, this.passed(p, head, 'gone')) };
    const { entry, token } = marked;
    let answer: unknown;
    try {
      const files = kind.files?.(entry as OutboxEntry<never>);
      answer = await this.o.transport.send(kind.call, entry.request as never, {
        idempotencyKey: entry.id,
        token,
        files,
        ...(entry.headers ? { headers: entry.headers } : {}),
      });
    } catch (error) {
      return this.judge(p, entry, kind, error);
    }
    return this.settle(p, { type: 'accepted', entry, kind, answer }, 'sent');
  }

  /**
   * The verdict on a failed attempt (docs/architecture.md#outbox): transient → backoff (with Retry-After) and
   * stop the pass, except for the app's own reports, which wait while the rest goes on;
   * permanent → failed and undone, go on; refused unapplied (a dead token, another device's
   * write) → new key, go on.
   */
  private async judge(p: Pass, entry: OutboxEntry, kind: AnyMutationKind, error: unknown): Promise<Step> {
    const now = this.now();
    const outcome = classifyFailure(error, kind, entry, now);
    if (outcome.action === 'fail')
      return this.settle(p, { type: 'refused', entry, kind, error: outcome.error }, 'failed');
    if (outcome.action === 'refresh') {
      // Refused again and again (devices writing over each other): rebuilt at once twice, then backing off.
      const refreshes = entry.refreshes ?? 0;
      const until =
        refreshes >= REFRESHES_AT_ONCE
          ? now + backoffDelay(refreshes - REFRESHES_AT_ONCE + 1, null, this.o.random, this.backoff)
          : undefined;
      return this.settle(
        p,
        { type: 'rekeyed', entry, kind, error: outcome.error, ...(until !== undefined ? { until } : {}) },
        until === undefined ? 'rekeyed' : { wait: until },
      );
    }
    const quiet = kind.quiet === true;
    const policy = policyFor(this.backoff, { status: outcome.error.status, retryAfterMs: outcome.retryAfterMs, quiet });
    // A key held by a running request: the server's Retry-After (the holder's lease), with the first step's jitter.
    const attempts = outcome.keyHeld ? 1 : Math.max(1, entry.attempts);
    let until = now + backoffDelay(attempts, outcome.retryAfterMs, this.o.random, policy, outcome.error.status === 0);
    // A try the member asked for that fails keeps the time already set for the next one.
    if (p.force && outcome.retryAfterMs === null && entry.nextAttemptAt > now)
      until = Math.min(until, entry.nextAttemptAt);
    // The app's own report: it waits, the member's changes behind it go on (and the reports behind it wait too).
    if (quiet) this.quietHold = Math.max(this.quietHold, until);
    return this.settle(p, { type: 'deferred', entry, until, error: outcome.error }, quiet ? 'held' : { wait: until });
  }

  /**
   * Writes what came of an attempt and, unless the pass stops here (`then` a wait), reads the
   * next head in the same transaction; a result that cannot be written stops the pass.
   */
  private async settle(p: Pass, s: store.Settlement, then: Went | { wait: number }): Promise<Step> {
    const next = typeof then === 'object' ? null : this.passed(p, s.entry, then);
    try {
      const head = await store.settle(this.o.db, s, next);
      return typeof then === 'object' ? then : { went: then, head };
    } catch (error) {
      return this.unwritten(s.entry.id, error);
    }
  }

  /**
   * The pass's position once `entry` went as it did: past it, except a re-keyed entry, which
   * keeps its place and is built again with a fresh context (a token inside requests died).
   */
  private passed(p: Pass, entry: OutboxEntry, went: Went): store.Position {
    if (went === 'rekeyed') p.ctx = this.context();
    else p.at.after = entry.seq;
    return p.at;
  }

  /**
   * A result that could not be stored (full disk, a bug in an `apply`): the entry waits and is
   * sent again later under its own key (the server replays its answer), and the pass stops.
   */
  private async unwritten(id: string, error: unknown): Promise<{ wait: number }> {
    const now = this.now();
    const until = now + backoffDelay(1, null, this.o.random, this.backoff);
    await store.deferEntry(this.o.db, id, until, localFailure(error, now)).catch(() => undefined);
    return { wait: until };
  }

  private due(p: Pass, e: OutboxEntry): boolean {
    return p.force || e.nextAttemptAt <= this.now();
  }

  private isQuiet(e: OutboxEntry): boolean {
    return this.o.registry.get(e.kind)?.quiet === true;
  }

  /** An app's own report waiting out its backoff (or the hold after one failed) is passed over, and the reports after it. */
  private passedOver(p: Pass, e: OutboxEntry): boolean {
    if (!this.isQuiet(e)) return false;
    if (this.now() < this.quietHold || !this.due(p, e)) p.quietPassed = true;
    return p.quietPassed;
  }

  /** When the app's reports passed over are due again; null when none waits. */
  private async nextQuietAt(): Promise<number | null> {
    const waiting = (await this.o.db.outbox.where('state').equals('pending').toArray()).filter((e) => this.isQuiet(e));
    if (!waiting.length) return null;
    return Math.max(this.quietHold, Math.min(...waiting.map((e) => e.nextAttemptAt)));
  }

  /** A fresh context for building requests: a token read once serves every request built. */
  private context(): MutationContext {
    return { db: this.o.db, transport: this.o.transport, now: this.now, memo: new Map() };
  }
}
