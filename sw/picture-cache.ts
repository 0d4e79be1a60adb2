/// <reference lib="webworker" />

/** The Cache Storage cache of product and news pictures (replaces the unbounded-by-size `media`). */
export const PICTURES_CACHE = 'pictures';
/** Headers the worker adds to a kept picture: when it was kept (epoch ms) and its size (bytes). */
const KEPT_AT = 'x-club-kept-at';
const KEPT_BYTES = 'x-club-kept-bytes';

export interface PictureLimits {
  /** Bytes kept at most; the real budget is the smaller of this and `quotaShare` of the origin's quota. */
  maxBytes: number;
  /** Share of the storage quota (navigator.storage.estimate) the pictures may take. */
  quotaShare: number;
  /** A picture kept longer than this (ms) goes at the next trim; it is fetched again when next shown online. */
  maxAgeMs: number;
}

/** 6 MB: about a thousand of the server's pictures (their sizes: docs/performance-log.md), far more than a member opens. */
export const PICTURE_LIMITS: PictureLimits = {
  maxBytes: 6 * 1024 * 1024,
  quotaShare: 0.05,
  maxAgeMs: 30 * 24 * 3600_000,
};

interface Kept {
  at: number;
  bytes: number;
}

export interface PictureCache {
  /** The kept answer for `url`, or undefined. */
  match(url: string): Promise<Response | undefined>;
  /** Keeps a fetched picture (a 2xx image answer), then trims the cache to its limits. */
  keep(url: string, response: Response): Promise<void>;
  /** Marks a kept picture as wanted now (its age starts again); false when it is not kept. */
  touch(url: string): Promise<boolean>;
  /** Drops the oldest pictures until the cache is within its limits (and every one past maxAgeMs). */
  trim(): Promise<void>;
  /** Bytes and entries kept, as this worker counts them. */
  usage(): Promise<{ bytes: number; entries: number }>;
}

/**
 * A bounded picture cache: by bytes (within a share of the storage quota the app asks the
 * browser to keep: Cache Storage and IndexedDB are one origin's storage, persisted together by
 * `navigator.storage.persist()`), evicting the oldest first. What the member may open offline
 * is touched after each sync (./picture-prefetch), so the pictures evicted are those nobody
 * asked for lately. The index of ages and sizes is read from the cache once per worker start.
 */
export function createPictureCache(
  limits: PictureLimits = PICTURE_LIMITS,
  now: () => number = Date.now,
  storage?: StorageManager,
): PictureCache {
  let index: Promise<Map<string, Kept>> | null = null;
  let budget: Promise<number> | null = null;
  const open = () => caches.open(PICTURES_CACHE);

  const loadIndex = async () => {
    const cache = await open();
    const map = new Map<string, Kept>();
    for (const req of await cache.keys()) {
      const r = await cache.match(req);
      if (!r) continue;
      map.set(req.url, { at: Number(r.headers.get(KEPT_AT)) || 0, bytes: Number(r.headers.get(KEPT_BYTES)) || 0 });
    }
    return map;
  };
  // Another context may delete the cache (the version check (docs/rules.md#states) deletes every cache): a missing
  // cache means the index starts again.
  const getIndex = async () => {
    if (index && !(await caches.has(PICTURES_CACHE))) index = null;
    return (index ??= loadIndex());
  };
  const getBudget = () =>
    (budget ??= (async () => {
      try {
        const quota = (await storage?.estimate())?.quota;
        return quota ? Math.min(limits.maxBytes, quota * limits.quotaShare) : limits.maxBytes;
      } catch {
        return limits.maxBytes;
      }
    })());

  async function store(url: string, body: Blob, headers: Headers, status: number): Promise<void> {
    const at = now();
    const h = new Headers(headers);
    h.set(KEPT_AT, String(at));
    h.set(KEPT_BYTES, String(body.size));
    await (await open()).put(url, new Response(body, { status, headers: h }));
    (await getIndex()).set(url, { at, bytes: body.size });
  }

  const api: PictureCache = {
    async match(url) {
      return (await open()).match(url);
    },
    async keep(url, response) {
      if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('image/')) return;
      await store(url, await response.blob(), response.headers, response.status);
      await api.trim();
    },
    async touch(url) {
      const hit = await (await open()).match(url);
      if (!hit) {
        (await getIndex()).delete(url);
        return false;
      }
      await store(url, await hit.blob(), hit.headers, hit.status);
      return true;
    },
    async trim() {
      const map = await getIndex();
      const max = await getBudget();
      const oldest = [...map.entries()].sort((a, b) => a[1].at - b[1].at);
      let total = oldest.reduce((s, [, k]) => s + k.bytes, 0);
      const cache = await open();
      for (const [url, k] of oldest) {
        if (total <= max && now() - k.at <= limits.maxAgeMs) break;
        await cache.delete(url);
        map.delete(url);
        total -= k.bytes;
      }
    },
    async usage() {
      const map = await getIndex();
      let bytes = 0;
      for (const k of map.values()) bytes += k.bytes;
      return { bytes, entries: map.size };
    },
  };
  return api;
}
