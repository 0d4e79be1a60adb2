import { liveQuery } from 'dexie';
import type { ClubDb } from '../db/database';
import { kvGet } from '../db/kv';
import type { Variant } from '../db/rows-catalogue';
import { runPuller, type PullContext, type PullResult, type Puller } from './pullers/puller';
import { waitingStamps } from './engine/pull-holds';
import { dropViewsDue, peekViewsDue, stampsOfViews, type QueuedView, type ViewName } from './engine/views';

/** The pullers of a view (./views-pullers.ts, loaded lazily by the page). */
export type ViewPullers = Record<ViewName, (v: Variant) => Array<Puller<unknown>>>;

/** A view whose pull ended so stays queued for the next drain (the network back, the page shown again, the next settlement, the next start). */
const UNDONE: ReadonlySet<PullResult> = new Set(['failed', 'offline']);

/**
 * A view is pulled at most once in this window (ms from the start of its last pull): codes
 * credited one after another, or a network that comes and goes, cost one pull a window, not one
 * each. A view queued within it is pulled when it ends.
 */
export const VIEW_PULL_WINDOW_MS = 5_000;

export interface ViewsRefresher {
  /** Pulls every queued view now (also called when the device comes back online). */
  drain(): Promise<void>;
  stop(): void;
}

export interface RefresherOptions {
  /** Default {@link VIEW_PULL_WINDOW_MS}. */
  windowMs?: number;
  /** Default: setTimeout / clearTimeout. */
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

const keyOf = (d: QueuedView) => `${d.view}:${d.variant}`;

/**
 * Pulls again, ignoring their freshness, the views an action's answer changed (queued in
 * `kv.viewsDue` by the settling transaction, in this tab, another or the service worker). A view
 * leaves the queue once pulled, so a page closed mid-pull, a failed pull or one cut off by the
 * network leaves it for the next drain; one queued again during its pull is pulled again. The
 * rows written reach every open tab through Dexie's live queries. Offline, the queue waits for the
 * next `drain`. A view that a change still waiting in the outbox will move waits for it (its
 * settlement queues the view again), and none is pulled twice in `VIEW_PULL_WINDOW_MS`.
 */
export function watchViewsDue(
  db: ClubDb,
  ctx: PullContext,
  load: () => Promise<ViewPullers>,
  opts: RefresherOptions = {},
): ViewsRefresher {
  const windowMs = opts.windowMs ?? VIEW_PULL_WINDOW_MS;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: unknown = null;
  /** When each view's last pull began (epoch ms). */
  const lastPull = new Map<string, number>();
  const later = (at: number) => {
    if (timer !== null || stopped) return;
    timer = setTimer(
      () => {
        timer = null;
        void drain();
      },
      Math.max(0, at - ctx.now()),
    );
  };
  const drain = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        if (!ctx.online() || stopped) break;
        const due = await peekViewsDue(db);
        if (!due.length) break;
        const waiting = await waitingStamps(db);
        const map = await load();
        const results = new Map<string, PullResult>();
        const pulled = [];
        for (const d of due) {
          if (stampsOfViews([d]).some((s) => waiting.has(s))) continue;
          const next = (lastPull.get(keyOf(d)) ?? -Infinity) + windowMs;
          if (next > ctx.now()) {
            later(next);
            continue;
          }
          lastPull.set(keyOf(d), ctx.now());
          let done = true;
          for (const p of map[d.view](d.variant)) {
            if (!results.has(p.name)) results.set(p.name, await runPuller(p, ctx, true));
            if (UNDONE.has(results.get(p.name)!)) done = false;
          }
          if (done) pulled.push(d);
        }
        await dropViewsDue(db, pulled);
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const sub = liveQuery(() => kvGet(db, 'viewsDue')).subscribe({
    next: (due) => {
      if (due?.length) void drain();
    },
    error: () => undefined,
  });
  return {
    drain,
    stop: () => {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      sub.unsubscribe();
    },
  };
}
