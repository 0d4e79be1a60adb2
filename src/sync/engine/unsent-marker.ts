import { liveQuery } from 'dexie';
import type { ClubDb } from '../../db/database';
import { kvGet, kvSet } from '../../db/kv';
import { addLostChanges, type LostChanges } from '../../state/lost-changes';
import type { MutationRegistry } from './registry';
import { uuidV4 } from './uuid';

/**
 * localStorage: how many of the member's changes wait in the outbox, by kind, and the name of
 * the database they wait in. Kept outside IndexedDB so that a database the browser wipes (storage
 * pressure, "clear data") does not take the news of what it held with it. No payloads, nothing personal.
 */
export const UNSENT_MARKER_KEY = 'unsentChanges';

export interface UnsentMarker {
  /** The database's `storeId`. */
  store: string;
  /** Waiting changes by outbox kind. */
  counts: Record<string, number>;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const GENERIC_NOUN = ['зміну', 'зміни', 'змін'] as const;

export function readMarker(storage: Pick<Storage, 'getItem'>): UnsentMarker | null {
  try {
    const v = JSON.parse(storage.getItem(UNSENT_MARKER_KEY) ?? 'null') as Partial<UnsentMarker> | null;
    return v && typeof v.store === 'string' && v.counts && typeof v.counts === 'object' ? (v as UnsentMarker) : null;
  } catch {
    return null;
  }
}

/** The member's changes waiting in the outbox, by kind: not the app's own reports, not the refused (they were undone). */
export async function waitingCounts(db: ClubDb, registry: MutationRegistry): Promise<Record<string, number>> {
  // Read through the indexes: the entries themselves may hold photos.
  const kinds = (await db.outbox.orderBy('kind').keys()) as string[];
  const refused = await db.outbox.where('state').equals('failed').toArray();
  const counts: Record<string, number> = {};
  for (const k of kinds) if (!registry.get(k)?.quiet) counts[k] = (counts[k] ?? 0) + 1;
  for (const e of refused) if (counts[e.kind]) counts[e.kind] = counts[e.kind]! - 1;
  for (const k of Object.keys(counts)) if (!counts[k]) delete counts[k];
  return counts;
}

/** The database's random name, made the first time it is asked for. */
async function storeIdOf(db: ClubDb): Promise<string> {
  return db.transaction('rw', db.kv, async () => {
    const known = await kvGet(db, 'storeId');
    if (known) return known;
    const made = uuidV4();
    await kvSet(db, 'storeId', made);
    return made;
  });
}

function lostOf(counts: Record<string, number>, registry: MutationRegistry, now: number): LostChanges | null {
  const kinds = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([kind, count]) => ({ kind, count, noun: registry.get(kind)?.noun ?? GENERIC_NOUN }));
  const count = kinds.reduce((n, k) => n + k.count, 0);
  return count > 0 ? { count, kinds, at: now } : null;
}

export interface MarkerEnv {
  db: ClubDb;
  storage: Store;
  registry: MutationRegistry;
  /** Whether someone is signed in (the session cookie): a logout under way must not leave a note behind. */
  signedIn(): boolean;
  now(): number;
}

/**
 * Brings the note in step with the outbox, and finds changes lost with the database: a note
 * naming another database than this one (which the browser made anew) lists changes that were
 * waiting when it was wiped. They are recorded for the member's screens (src/state/lost-changes.ts)
 * and returned. A logout empties the database but keeps its name, so it loses nothing here.
 */
export async function reconcileUnsent(env: MarkerEnv): Promise<LostChanges | null> {
  const store = await storeIdOf(env.db);
  const counts = await waitingCounts(env.db, env.registry);
  // From here on without a pause: another tab doing the same meanwhile reads what this one writes.
  const marker = readMarker(env.storage);
  const lost = marker && marker.store !== store ? lostOf(marker.counts, env.registry, env.now()) : null;
  if (lost) addLostChanges(lost, env.storage);
  try {
    if (!env.signedIn()) {
      if (marker && marker.store !== store) env.storage.removeItem(UNSENT_MARKER_KEY);
    } else if (Object.keys(counts).length === 0) env.storage.removeItem(UNSENT_MARKER_KEY);
    else env.storage.setItem(UNSENT_MARKER_KEY, JSON.stringify({ store, counts } satisfies UnsentMarker));
  } catch {
    // Storage full or unavailable: the note is a safety net, the outbox is the record.
  }
  return lost;
}

/**
 * Keeps the note in step with the outbox for as long as the page runs (a live query over it, so
 * changes made in other tabs and by the service worker count too); the first run, at start, is
 * the one that finds a wiped database. Returns the removal.
 */
export function watchUnsentChanges(env: MarkerEnv): () => void {
  let running = false;
  let again = false;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await reconcileUnsent(env).catch((e: unknown) => console.warn('[sync] unsent changes not noted', e));
      } while (again);
    } finally {
      running = false;
    }
  };
  const sub = liveQuery(() => waitingCounts(env.db, env.registry)).subscribe({
    next: () => void run(),
    error: () => undefined,
  });
  return () => sub.unsubscribe();
}
