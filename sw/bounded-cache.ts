/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core';

/** A Workbox plugin that keeps at most `max` entries in the cache, dropping the oldest first. */
export function boundedCache(max: number): WorkboxPlugin {
  return {
    async cacheDidUpdate({ cacheName }) {
      const cache = await caches.open(cacheName);
      const keys = await cache.keys();
      for (const req of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(req);
    },
  };
}
