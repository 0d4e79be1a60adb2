import { liveQuery } from 'dexie';
import type { ClubDb } from '../db/database';
import { kvGet } from '../db/kv';
import type { Variant } from '../db/rows-catalogue';
import { runPuller, type PullContext, type Puller } from './pullers/puller';
import { dropViewsDue, peekViewsDue, type ViewName } from './engine/views';

/** The pullers of a view (./views-pullers.ts, loaded lazily by the page). */
export type ViewPullers = Record<ViewName, (v: Variant) => Array<Puller<unknown>>>;

export interface ViewsRefresher {
  /** Pulls every queued view now (also called when the device comes back online). */
  drain(): Promise<void>;
  stop(): void;
}

/**
 * Pulls again, at once and ignoring their freshness, the views an action's answer changed
 * (queued in `kv.viewsDue` by the settling transaction, in this tab, another or the service
 * worker). A view leaves the queue once pulled, so a page closed mid-pull leaves it for the next
 * start; the rows written reach every open tab through Dexie's live queries. Offline, the queue
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
        const seen = new Set<string>();
        for (const d of due) {
          for (const p of map[d.view](d.variant)) {
            if (seen.has(p.name)) continue;
            seen.add(p.name);
            await runPuller(p, ctx, true);
          }
        }
        await dropViewsDue(db, due);
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
