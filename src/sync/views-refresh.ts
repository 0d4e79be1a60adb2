import { liveQuery } from 'dexie';
import type { ClubDb } from '../db/database';
import { kvGet } from '../db/kv';
import type { Variant } from '../db/rows-catalogue';
import { runPuller, type PullContext, type PullResult, type Puller } from './pullers/puller';
import { dropViewsDue, peekViewsDue, type ViewName } from './engine/views';

/** The pullers of a view (./views-pullers.ts, loaded lazily by the page). */
export type ViewPullers = Record<ViewName, (v: Variant) => Array<Puller<unknown>>>;

/** A view whose pull ended so stays queued for the next drain (the network back, the page shown again, the next settlement, the next start). */
const UNDONE: ReadonlySet<PullResult> = new Set(['failed', 'offline']);

export interface ViewsRefresher {
  /** Pulls every queued view now (also called when the device comes back online). */
  drain(): Promise<void>;
  stop(): void;
}

/**
 * Pulls again, at once and ignoring their freshness, the views an action's answer changed
 * (queued in `kv.viewsDue` by the settling transaction, in this tab, another or the service
 * worker). A view leaves the queue once pulled, so a page closed mid-pull, a failed pull or one
 * cut off by the network leaves it for the next drain; one queued again during its pull is pulled
 * again. The rows written reach every open tab through Dexie's live queries. Offline, the queue
 * waits for the next `drain`.
 */
export function watchViewsDue(db: ClubDb, ctx: PullContext, load: () => Promise<ViewPullers>): ViewsRefresher {
  let running: Promise<void> | null = null;
  let again = false;
  const drain = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        if (!ctx.online()) break;
        const due = await peekViewsDue(db);
        if (!due.length) break;
        const map = await load();
        const results = new Map<string, PullResult>();
        const pulled = [];
        for (const d of due) {
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
  return { drain, stop: () => sub.unsubscribe() };
}
