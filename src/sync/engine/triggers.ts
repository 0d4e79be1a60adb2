import { liveQuery } from 'dexie';
import type { OnlineSource } from './online';
import type { Outbox, ReplayReport } from './outbox';

/** What the page offers the triggers; tests pass their own. */
export interface TriggerEnv {
  online: OnlineSource;
  /** The document: `visibilitychange` and `visibilityState`. */
  document?: {
    visibilityState: string;
    addEventListener(type: 'visibilitychange', l: () => void): void;
    removeEventListener(type: 'visibilitychange', l: () => void): void;
  };
  /** Runs the pullers (on start, back online, tab visible). */
  pull?: () => Promise<unknown>;
  /** Background Sync registration after an enqueue (Chromium). */
  requestBackgroundSync?: () => Promise<unknown>;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface Triggers {
  /** Replays now if online; schedules the timer for what still waits. */
  kick(): Promise<ReplayReport | null>;
  stop(): void;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The in-page replay triggers (docs/architecture.md#outbox): app start, `online`, tab visible, every new
 * pending entry (a live query over the outbox, so enqueues in other tabs count too), and a timer
 * while entries wait. Enough on their own where there is no Background Sync (Safari, Firefox).
 */
export function installTriggers(outbox: Outbox, env: TriggerEnv): Triggers {
  const now = env.now ?? Date.now;
  const setTimer = env.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = env.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  let stopped = false;

  const schedule = (report: ReplayReport) => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (stopped || report.nextAt === null) return;
    timer = setTimer(
      () => {
        timer = null;
        void kick();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, report.nextAt - now())),
    );
  };

  async function kick(): Promise<ReplayReport | null> {
    if (stopped || !env.online.isOnline()) return null;
    const report = await outbox.replay();
    schedule(report);
    return report;
  }

  const pullAndKick = () => {
    void env.pull?.();
    void kick();
  };
  // Back online, what waited in backoff (the network, not the server, was down) is due at once:
  // one attempt each at most, since a pass stops at the first that fails again. The pulls come
  // after it: on a slow link they would compete with the member's changes (and a view those
  // change is pulled once they are in, ./pull-holds.ts).
  const backOnline = async () => {
    if (stopped) return;
    schedule(await outbox.sendNow());
    void env.pull?.();
  };
  const unsubscribeOnline = env.online.subscribe((online) => {
    if (online) void backOnline();
  });
  const onVisible = () => {
    if (env.document?.visibilityState === 'visible') pullAndKick();
  };
  env.document?.addEventListener('visibilitychange', onVisible);

  // Only entries never seen before count: one that goes back to pending after a failed attempt
  // keeps its backoff (asking Background Sync again for it would have the worker resend it at once).
  let known = new Set<string>();
  const watch = liveQuery(() => outbox.db.outbox.toCollection().primaryKeys()).subscribe({
    next(keys) {
      const grew = keys.some((k) => !known.has(k));
      known = new Set(keys);
      if (!grew) return;
      void env.requestBackgroundSync?.();
      void kick();
    },
  });

  pullAndKick();
  return {
    kick,
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      unsubscribeOnline();
      env.document?.removeEventListener('visibilitychange', onVisible);
      watch.unsubscribe();
    },
  };
}
