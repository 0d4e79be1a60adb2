/** docs/rules.md#states, docs/rules.md#constants: after a new build, a page chunk that fails to load reloads the page once per 10 s per path. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

const KEY = 'chunkReloadAt';

interface Store {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
}

/**
 * Whether to reload for a chunk failure on `path` now; records the reload when it says yes.
 * A second failure on the same path within the guard shows an error instead of looping.
 */
export function shouldReloadForChunk(path: string, now: number, store: Store): boolean {
  let seen: Record<string, number>;
  try {
    seen = JSON.parse(store.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    seen = {};
  }
  const last = seen[path];
  if (last !== undefined && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  seen[path] = now;
  store.setItem(KEY, JSON.stringify(seen));
  return true;
}

/** Errors browsers give for a module that could not be fetched. */
export function isChunkLoadError(e: unknown): boolean {
  const msg = e instanceof Error ? `${e.name} ${e.message}` : String(e);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch|ChunkLoadError|preload/i.test(
    msg,
  );
}
