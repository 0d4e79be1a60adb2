import type { ClubDb } from '../../src/db/database';
import type { Phone } from './phone';
import type { Tab } from './tab';
import { isToldError, stateOf, type Told } from './told';

/** What an action's screen answers: `at` (default 'queued'), what it says, its value. */
export interface ActResult<T> {
  at?: Told['at'];
  says?: string | null;
  value?: T | null;
}

/** A turn of the event loop: timers, then what IndexedDB (fake-indexeddb) scheduled meanwhile. */
const turn = () => new Promise<void>((r) => setTimeout(() => setImmediate(r), 0));
/** Turns with nothing started and nothing running before the phone counts as settled. */
const QUIET_TURNS = 6;
/** A phone still busy after this long (real time) is stuck: `settle` says what it waits for. */
const STUCK_MS = 30_000;

/**
 * Waits until `p` is quiet: nothing on the network, no replay, no database work started for a
 * few turns of the event loop (what the app does on its own after an action, a network change or
 * a timer). Time does not move: entries waiting for a retry stay waiting.
 */
export async function settle(p: Phone): Promise<void> {
  let quiet = 0;
  let seen = -1;
  const since = Date.now();
  while (quiet < QUIET_TURNS) {
    await turn();
    const replaying = p.tabs.filter((t) => t.rt.outbox.isReplaying).map((t) => t.name);
    const busy = p.network.inFlight > 0 || p.log.open > 0 || replaying.length > 0;
    if (busy || p.log.started !== seen) {
      quiet = 0;
      seen = p.log.started;
    } else quiet += 1;
    // Not a timing check: a phone that never settles is a stuck test, said plainly instead of a bare timeout.
    if (Date.now() - since > STUCK_MS) {
      throw new Error(
        `${p.name} is not quiet after ${STUCK_MS / 1000} s: ${p.network.inFlight} requests on their way, ${p.log.open} transactions open, replaying in [${replaying.join(', ')}]`,
      );
    }
  }
}

/**
 * Runs an action of a screen on `p`'s front tab and says what the member was told: `run` answers
 * what the screen shows; the screens' own errors (offline, refused, a cart refusal…) are
 * refusals; a page that dies meanwhile answers 'killed'. Returns once the phone is quiet again:
 * what the app does on its own after the tap (sending it, when there is a network; pulling the
 * views it changed) is done by then.
 */
export async function act<T>(p: Phone, run: (tab: Tab) => Promise<ActResult<T>>): Promise<Told<T>> {
  const tab = p.tab;
  const mark = p.log.mark();
  let told: { at: Told['at']; says: string | null; value: T | null };
  let off: () => void = () => undefined;
  try {
    const died = new Promise<'killed'>((resolve) => (off = tab.onDeath(() => resolve('killed'))));
    const r = await Promise.race([run(tab), died]);
    told =
      r === 'killed'
        ? { at: 'killed', says: null, value: null }
        : { at: r.at ?? 'queued', says: r.says ?? null, value: r.value ?? null };
  } catch (e) {
    if (!isToldError(e)) throw e;
    told = { at: 'refused', says: e.message, value: null };
  } finally {
    off();
  }
  await settle(p);
  const entries = p.log.since(mark);
  const src = { read: <R>(fn: (db: ClubDb) => Promise<R>) => p.read(fn), registry: p.registry, cleared: p.log.cleared };
  return { ...told, entries, state: () => stateOf(src, told.at, told.says, entries) };
}
