/// <reference lib="webworker" />
import { cacheNames } from 'workbox-core';
import { getCacheKeyForURL } from 'workbox-precaching';

export interface ManifestEntry {
  url: string;
  revision: string | null;
}

/**
 * Puts back the app shell's files when the precache lost them while this worker runs: the version check
 * (docs/rules.md#states) deletes every cache and reloads, and Workbox fills its precache only when a worker
 * installs, so with the same worker the app would no longer open offline. Fetches only what is
 * missing, one file at a time, under Workbox's own cache keys; stops at the first network failure
 * (the next navigation tries again). One run at a time.
 */
export function precacheRefill(manifest: readonly ManifestEntry[], base: string): () => Promise<void> {
  let running: Promise<void> | null = null;
  const refill = async () => {
    const cache = await caches.open(cacheNames.precache);
    const have = new Set((await cache.keys()).map((r) => r.url));
    if (have.size >= manifest.length) return;
    for (const e of manifest) {
      const url = new URL(e.url, base).href;
      const key = getCacheKeyForURL(url) ?? url;
      if (have.has(new URL(key, base).href)) continue;
      let r: Response;
      try {
        r = await fetch(url, { credentials: 'same-origin', cache: 'reload' });
      } catch {
        return;
      }
      if (r.ok && !r.redirected) await cache.put(key, r);
    }
  };
  return () => (running ??= refill().finally(() => (running = null)));
}
