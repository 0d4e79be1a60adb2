import type { Transport } from '../../api/transport';
import type { ClubDb } from '../../db/database';
import type { OutboxEntry } from '../../db/rows-sync';
import { backoffDelay, DEFAULT_BACKOFF, policyFor, type BackoffPolicy } from './backoff';
import { classifyFailure, localFailure, OUTBOX_MESSAGES } from './classify';
import type { LockHandle, OutboxLock } from './lock';
import * as store from './outbox-store';
import { BatchSizer, buildAhead, sendBatch } from './outbox-batch';
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

/** 'held': one of the app's own reports failed for now; the member's changes behind it go on. */
type Step = 'failed' | 'refreshed' | 'held' | { until: number };

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** How a pass ends. */
interface PassEnd {
  nextAt: number | null;
  busy: boolean;
}

/** What a pass keeps from one batch to the next. */
interface PassState {
  held: LockHandle;
  /** The member asked for this pass («Надіслати зараз», back online): backoff times are ignored. */
  force: boolean;
  due: (e: OutboxEntry) => boolean;
  /** For building requests; renewed when a token inside requests died. */
  ctx: MutationContext;
  /** The request of a head whose kind is not batchable, built once every entry before it was settled. */
  atHead: { id: string; request: unknown } | null;
  /** Accepted answers of the last batch sent, not written yet. */
  carry: store.Settlement | null;
  /** The batch after it, marked while it was being sent. */
  next: store.Advanced | null;
  /** A report was passed over in this pass: the reports after it wait too, so they keep their order. */
  quietPassed?: boolean;
  counted: { sent: number; failed: number };
}

const EMPTY: store.Settlement = { done: [], unsent: [] };

/** Re-keyed entries are rebuilt at once this many times in a row; after that each rebuild waits its backoff. */
const REFRESHES_AT_ONCE = 2;

/**
 * Entries whose requests are built ahead at once, from one read: the transactions that mark the
 * next batches then read only what they mark.
 */
const LOOKAHEAD = 50;

/**
 * The outbox replayer (docs/architecture.md#outbox): sends entries in FIFO order, each with its id as the
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
  /** Entries marked per transaction, from the failure rate this context sees. */
  private readonly sizer = new BatchSizer();
  /**
   * Requests of batchable entries built ahead, by entry id, not stored yet: kept from one pass to
   * the next (a transient failure ends a pass), as if stored. Dropped when a token in them died.
   */
  private readonly ahead = new Map<string, unknown>();
  /**
   * Until when the app's own reports (quiet kinds: analytics) are passed over, after one of them
   * failed for now: they never hold the member's changes behind them (a forced pass tries them once).
   */
  private quietHold = 0;

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
    if (ids.length) await this.o.db.outbox.where('id').anyOf([...ids]).modify({ noticed: true });
  }

  /** «Скасувати» on a failed entry: drop it (its change was undone when it failed). */
  cancelFailed(id: string): Promise<boolean> {
    return store.cancelFailedEntry(this.o.db, id);
  }

  /**
   * One pass under the lock. Each batch is marked 'sending' in one transaction; while the last
   * request of a batch is on its way, the next transaction writes the answers accepted before it
   * and marks the next batch, so a steady run costs one transaction per batch. A transient failure
   * writes its verdict (and puts the entries marked but not sent back) and ends the pass.
   */
  private async pass(force: boolean): Promise<ReplayReport> {
    const counted = { sent: 0, failed: 0 };
    const report = (nextAt: number | null, busy = false): ReplayReport => ({ ...counted, nextAt, busy });
    if (force) this.quietHold = 0;
    const result = await this.o.lock.run(async (held: LockHandle): Promise<ReplayReport> => {
      const p: PassState = { held, force, due: (e) => force || e.nextAttemptAt <= this.now(), ctx: this.context(), atHead: null, carry: null, next: null, counted };
      for (;;) {
        const end = await this.step(p);
        if (end) return report(end.nextAt, end.busy);
      }
    });
    this.haltedUntil = null;
    return result.ok ? result.value : report(result.retryAt, true);
  }

  private isQuiet(e: OutboxEntry): boolean {
    return this.o.registry.get(e.kind)?.quiet === true;
  }

  /** An app's own report waiting out its backoff (or the hold after one failed): passed over. */
  private skipped(p: PassState, e: OutboxEntry): boolean {
    if (!this.isQuiet(e)) return false;
    if (p.quietPassed || this.now() < this.quietHold || !p.due(e)) p.quietPassed = true;
    return p.quietPassed === true;
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

  /** One batch, or one head that needed its request built; the end of the pass, or null to go on. */
  private async step(p: PassState): Promise<PassEnd | null> {
    if (!(await p.held.stillHeld())) {
      // The lease was taken over: what was accepted is written, what was marked goes back.
      const s = { done: p.carry?.done ?? [], unsent: p.next?.marked.map((e) => e.id) ?? [] };
      if ((s.done.length || s.unsent.length) && (await this.write(s))) p.counted.sent += s.done.length;
      return { nextAt: this.now(), busy: true };
    }
    let step = p.next;
    p.next = null;
    if (!step || (step.marked.length === 0 && p.carry)) {
      const settling = p.carry;
      p.carry = null;
      const r = await this.advance(p, settling, settling ? Math.max(...settling.done.map((d) => d.entry.seq)) : null);
      if (!r.ok) {
        await this.writeFailed(settling ?? EMPTY, r.error);
        return { nextAt: this.haltedUntil, busy: false };
      }
      step = r.value;
    }
    if (step.marked.length === 0) return this.prepareHead(p, step.heads);
    return this.sendMarked(p, step);
  }

  /** Writes `settle` and marks the batch after `after`, in one transaction; never throws. */
  private async advance(p: PassState, settle: store.Settlement | null, after: number | null): Promise<Outcome<store.Advanced>> {
    const { registry } = this.o;
    const built = this.ahead;
    const size = this.sizer.size;
    // The entries after the batch are read too when too few requests are built ahead.
    const read = built.size >= 2 * size ? size : size + LOOKAHEAD;
    const requestFor = (e: OutboxEntry): unknown => {
      if (!p.due(e) || !registry.get(e.kind)) return undefined;
      if (e.request !== undefined) return e.request;
      return p.atHead?.id === e.id ? p.atHead.request : built.get(e.id);
    };
    try {
      const value = await store.advance(this.o.db, { settle, after, read, max: size, requestFor, skip: (e) => this.skipped(p, e) });
      if (settle) p.counted.sent += settle.done.length;
      for (const e of value.marked) built.delete(e.id);
      return { ok: true, value };
    } catch (error) {
      // Requests built ahead are built again next time (one that cannot be stored, say, is not kept).
      built.clear();
      return { ok: false, error };
    }
  }

  /**
   * Nothing ready at the head of the queue: it is not due, of an unknown kind, or its request is
   * built only now, with every entry before it settled (a kind whose request depends on them).
   */
  private async prepareHead(p: PassState, heads: OutboxEntry[]): Promise<PassEnd | null> {
    const { registry } = this.o;
    const head = heads[0];
    if (!head) {
      this.ahead.clear();
      return { nextAt: await this.nextQuietAt(), busy: false };
    }
    if (!p.due(head)) return { nextAt: head.nextAttemptAt, busy: false };
    const kind = registry.get(head.kind);
    let verdict: Step | null = null;
    if (!kind) verdict = await this.failUnknown({ ...head, attempts: head.attempts + 1 });
    else {
      try {
        const request = await kind.buildRequest(head as OutboxEntry<never>, p.ctx);
        if (kind.batchable) this.ahead.set(head.id, request);
        else p.atHead = { id: head.id, request };
        await buildAhead(heads.slice(1), LOOKAHEAD, registry, p.ctx, p.due, this.ahead);
      } catch (error) {
        // Building its request failed before any send (e.g. no analytics token offline): that counts as an attempt.
        verdict = await this.judge({ ...head, attempts: head.attempts + 1 }, kind, error, EMPTY, p.force);
      }
    }
    return verdict === null ? null : this.afterVerdict(p, verdict);
  }

  /**
   * Counts a verdict already written and says whether the pass ends with it: a transient failure
   * (its backoff), a verdict that could not be written (the halt), otherwise the pass goes on. A
   * token inside requests died: requests built with it are dropped, the next read a fresh one.
   */
  private afterVerdict(p: PassState, verdict: Step): PassEnd | null {
    if (this.haltedUntil !== null) return { nextAt: this.haltedUntil, busy: false };
    if (verdict === 'failed') p.counted.failed += 1;
    if (verdict === 'held') return null;
    if (verdict === 'refreshed') {
      p.ctx = this.context();
      this.ahead.clear();
    }
    return typeof verdict === 'object' ? { nextAt: verdict.until, busy: false } : null;
  }

  /**
   * Sends a marked batch, one request at a time and outside any transaction. While its last
   * request is on its way, one transaction writes the answers accepted before it and marks the
   * next batch (started any earlier, the next batch would be marked, and put back, whenever this
   * one fails). The first failed attempt ends the batch and gets its verdict.
   */
  private async sendMarked(p: PassState, step: store.Advanced): Promise<PassEnd | null> {
    const { registry, transport } = this.o;
    const { marked, heads, token } = step;
    p.atHead = null;
    // The next batches' requests, built while nothing is in flight and no transaction is open.
    await buildAhead(heads.slice(marked.length), LOOKAHEAD, registry, p.ctx, p.due, this.ahead);
    let settling = p.carry;
    p.carry = null;
    const lastSeq = marked[marked.length - 1]!.seq;
    const pending: { next?: Promise<Outcome<store.Advanced>> } = {};
    const batch = marked.map((entry) => ({ entry, kind: registry.get(entry.kind)! }));
    const end = await sendBatch(transport, batch, token, p.held, (s) => this.write(s), (accepted) => {
      if (accepted.length) settling = { done: [...(settling?.done ?? []), ...accepted], unsent: [] };
      pending.next = this.advance(p, settling, lastSeq);
    });
    const after = pending.next ? await pending.next : null;
    p.counted.sent += end.written;
    for (let i = 0; i < end.accepted; i += 1) this.sizer.observe(false);
    if (after && !after.ok) {
      // The answers could not be stored: they wait, as does this batch (accepted ones are sent
      // again under their keys and the server replays its answers).
      const stopped = end.stopped;
      const done = [...(settling?.done ?? []), ...end.done, ...(stopped?.settlement.done ?? [])];
      await this.writeFailed({ done, unsent: stopped ? [stopped.entry.id, ...stopped.settlement.unsent] : [] }, after.error);
      return { nextAt: this.haltedUntil, busy: false };
    }
    // Answers accepted before this batch, when it stopped before that transaction was started.
    const unwritten = after ? [] : (settling?.done ?? []);
    const nextIds = after ? after.value.marked.map((e) => e.id) : [];
    if (end.halted) {
      // This batch's settlement is written (or deferred) already; the next one goes back.
      if ((unwritten.length || nextIds.length) && (await this.write({ done: unwritten, unsent: nextIds }))) p.counted.sent += unwritten.length;
      return { nextAt: this.haltedUntil ?? this.now(), busy: this.haltedUntil === null };
    }
    if (!end.stopped) {
      if (end.done.length) p.carry = { done: end.done, unsent: [] };
      p.next = after?.value ?? null;
      return null;
    }
    this.sizer.observe(true);
    const { entry, kind, error, settlement } = end.stopped;
    const verdict = await this.judge(entry, kind, error, { done: [...unwritten, ...settlement.done], unsent: [...settlement.unsent, ...nextIds] }, p.force);
    if (this.haltedUntil === null) p.counted.sent += unwritten.length + settlement.done.length;
    return this.afterVerdict(p, verdict);
  }

  /**
   * The verdict on a failed attempt (docs/architecture.md#outbox), written with the rest of its batch in one
   * transaction: transient → backoff (with Retry-After) and stop the pass; permanent → failed and
   * undone, go on; a dead token inside the request → new key, go on.
   */
  private async judge(entry: OutboxEntry, kind: AnyMutationKind | undefined, error: unknown, base: store.Settlement, force = false): Promise<Step> {
    const now = this.now();
    const outcome = classifyFailure(error, kind, entry, now);
    if (outcome.action === 'fail') {
      await this.write({ ...base, fail: { entry, kind, error: outcome.error } });
      return 'failed';
    }
    if (outcome.action === 'refresh') {
      // Refused again and again (devices writing over each other): rebuilt at once twice, then backing off.
      const refreshes = entry.refreshes ?? 0;
      const until = refreshes >= REFRESHES_AT_ONCE ? now + backoffDelay(refreshes - REFRESHES_AT_ONCE + 1, null, this.o.random, this.o.backoff ?? DEFAULT_BACKOFF) : undefined;
      await this.write({ ...base, rekey: { entry, kind, error: outcome.error, ...(until !== undefined ? { until } : {}) } });
      return until === undefined ? 'refreshed' : { until };
    }
    const quiet = kind?.quiet === true;
    const policy = policyFor(this.o.backoff ?? DEFAULT_BACKOFF, { status: outcome.error.status, retryAfterMs: outcome.retryAfterMs, quiet });
    // A key held by a running request: the server's Retry-After (the holder's lease), with the first step's jitter.
    const attempts = outcome.keyHeld ? 1 : Math.max(1, entry.attempts);
    let until = now + backoffDelay(attempts, outcome.retryAfterMs, this.o.random, policy, outcome.error.status === 0);
    // A try the member asked for that fails keeps the time already set for the next one.
    if (force && outcome.retryAfterMs === null && entry.nextAttemptAt > now) until = Math.min(until, entry.nextAttemptAt);
    await this.write({ ...base, defer: { id: entry.id, until, error: outcome.error, attempts: entry.attempts } });
    if (quiet && this.haltedUntil === null) {
      // The app's own report: it waits, the member's changes behind it go on.
      this.quietHold = Math.max(this.quietHold, until);
      return 'held';
    }
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
      await this.writeFailed(s, e);
      return false;
    }
  }

  /** After a settlement could not be written: its entries wait, and the pass stops until then. */
  private async writeFailed(s: store.Settlement, e: unknown): Promise<void> {
    const now = this.now();
    const ids = [...s.done.map((d) => d.entry.id), ...s.unsent, s.defer?.id, s.fail?.entry.id, s.rekey?.entry.id].filter((x): x is string => !!x);
    const until = now + backoffDelay(1, null, this.o.random, this.o.backoff ?? DEFAULT_BACKOFF);
    await store.deferAll(this.o.db, ids, until, localFailure(e, now)).catch(() => undefined);
    this.haltedUntil = until;
  }
}
