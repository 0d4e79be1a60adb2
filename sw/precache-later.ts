/// <reference lib="webworker" />
import { PrecacheController } from 'workbox-precaching';
import {
  connectionVerdict,
  PRECACHE_LATER_MESSAGE,
  type ConnectionLike,
  type PrecacheLaterMessage,
} from '../src/app/pwa/precache-protocol';

export interface GroupedEntry {
  url: string;
  revision: string | null;
  /** Set by the build (scripts/build/precache-groups.ts) on the later group's entries. */
  later?: boolean;
}

/** The later group's own cache: Workbox's precache activation deletes whatever its list does not name. */
export const LATER_CACHE = 'club-shell-later';
/** Files per batch, and the pause between batches: the member's own requests come first. */
export const LATER_BATCH = 4;
export const LATER_PAUSE_MS = 250;

/** The two groups, the later one without its mark (Workbox's entries are url and revision). */
export function splitManifest(manifest: readonly GroupedEntry[]): { install: GroupedEntry[]; later: GroupedEntry[] } {
  const install: GroupedEntry[] = [];
  const later: GroupedEntry[] = [];
  for (const { url, revision, later: isLater } of manifest) (isLater ? later : install).push({ url, revision });
  return { install, later };
}

interface Scope {
  navigator: { onLine?: boolean; connection?: ConnectionLike };
}

export interface LaterShell {
  /** The cache key of a later-group URL (absolute), or undefined when the URL is not in the group. */
  keyFor(url: string): string | undefined;
  /** A later-group file: the kept copy, else the network (kept for next time, same revision). */
  answer(request: Request, waitUntil: (p: Promise<unknown>) => void): Promise<Response>;
  /** The kept copy of a later-group file, if any. */
  match(url: string): Promise<Response | undefined>;
  /** Fetches missing files, a batch at a time (all batches, or one); resolves with how many are still missing. */
  fill(mode: 'all' | 'batch'): Promise<number>;
  /** Deletes kept copies that this build no longer lists (older revisions). */
  cleanup(): Promise<void>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The later group: listed with a PrecacheController of its own (Workbox's revisioned cache keys,
 * its own cache), fetched by `fill` (all of it only while the worker's own view of the connection,
 * where it has one, is not poor), and cache-first at run time, so that a file asked for before its turn is kept
 * as if precached. One fill at a time.
 */
export function createLaterShell(
  entries: readonly GroupedEntry[],
  base: string,
  scope: Scope,
  pauseMs = LATER_PAUSE_MS,
): LaterShell {
  const controller = new PrecacheController({ cacheName: LATER_CACHE });
  if (entries.length) controller.addToCacheList(entries.map(({ url, revision }) => ({ url, revision })));
  const urls = controller.getURLsToCacheKeys();
  const keyFor = (url: string) => controller.getCacheKeyForURL(new URL(url, base).href);
  const modes = new Map(
    entries.map((e) => [new URL(e.url, base).href, e.revision ? ('reload' as const) : ('default' as const)]),
  );

  const fetchAndKeep = async (url: string, key: string): Promise<Response> => {
    const r = await fetch(url, { credentials: 'same-origin', cache: modes.get(url) ?? 'default' });
    if (r.ok && !r.redirected) await (await caches.open(LATER_CACHE)).put(key, r.clone());
    return r;
  };
  const missing = async () => {
    const have = new Set((await (await caches.open(LATER_CACHE)).keys()).map((r) => r.url));
    return [...urls].filter(([, key]) => !have.has(key));
  };
  // A run of every batch stops when the worker's own view of the connection turns poor; one small
  // batch is the page's call (it asks for one where it cannot tell the connection).
  const allowed = (mode: 'all' | 'batch') =>
    scope.navigator.onLine !== false && (mode === 'batch' || connectionVerdict(scope.navigator.connection) !== 'poor');

  let running: Promise<number> | null = null;
  const fill = async (mode: 'all' | 'batch') => {
    const todo = await missing();
    while (todo.length && allowed(mode)) {
      const batch = todo.splice(0, LATER_BATCH);
      const got = await Promise.all(
        batch.map(([url, key]) =>
          fetchAndKeep(url, key).then(
            (r) => r.ok,
            () => false,
          ),
        ),
      );
      if (got.some((ok) => !ok)) return todo.length + got.filter((ok) => !ok).length;
      if (mode === 'batch') break;
      await pause(pauseMs);
    }
    return todo.length;
  };

  return {
    keyFor,
    async match(url) {
      const key = keyFor(url);
      return key ? ((await (await caches.open(LATER_CACHE)).match(key)) ?? undefined) : undefined;
    },
    async answer(request, waitUntil) {
      const key = keyFor(request.url)!;
      const hit = await (await caches.open(LATER_CACHE)).match(key);
      if (hit) return hit;
      const r = await fetch(request.url, { credentials: 'same-origin', cache: modes.get(request.url) ?? 'default' });
      if (r.ok && !r.redirected) {
        const copy = r.clone();
        waitUntil(caches.open(LATER_CACHE).then((c) => c.put(key, copy)));
      }
      return r;
    },
    fill: (mode) => (running ??= fill(mode).finally(() => (running = null))),
    async cleanup() {
      const expected = new Set(urls.values());
      const cache = await caches.open(LATER_CACHE);
      for (const req of await cache.keys()) if (!expected.has(req.url)) await cache.delete(req);
    },
  };
}

/** The page's «fetch the later group» message: a fill under the message's waitUntil, the count left as the answer. */
export function listenForLater(scope: ServiceWorkerGlobalScope, shell: LaterShell): void {
  scope.addEventListener('message', (event) => {
    const data = event.data as PrecacheLaterMessage | null;
    if (data?.type !== PRECACHE_LATER_MESSAGE) return;
    const mode = data.mode === 'all' ? 'all' : 'batch';
    const done = shell.fill(mode).then((left) => event.ports[0]?.postMessage({ left }));
    event.waitUntil(done.catch(() => undefined));
  });
}
