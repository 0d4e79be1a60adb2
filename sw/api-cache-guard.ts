/// <reference lib="webworker" />

/** Paths whose answers are personal (the API): only Dexie keeps what they say, never Cache Storage. */
const API_PATH = /^\/(api|mapi)(\/|$)/;

/** Whether a request or URL (resolved against `base`) is one of the server's API calls. */
export function isApiRequest(request: RequestInfo | URL, base: string): boolean {
  const url = request instanceof Request ? request.url : String(request);
  try {
    return API_PATH.test(new URL(url, base).pathname);
  } catch {
    return false;
  }
}

/**
 * Makes this worker's Cache Storage refuse to keep any /api or /mapi answer, whichever code
 * asks (a Workbox strategy, a plugin, a future route): `put`, `add` and `addAll` of every cache
 * skip those requests (the others are stored as usual). The server also sends them with
 * `Cache-Control: no-store`; this holds even if a route here forgot to look.
 */
export function guardApiFromCacheStorage(scope: { Cache: typeof Cache; location: { href: string } }): void {
  const proto = scope.Cache.prototype;
  const { put, add, addAll } = proto;
  const base = scope.location.href;
  proto.put = function guardedPut(this: Cache, request: RequestInfo | URL, response: Response) {
    return isApiRequest(request, base) ? Promise.resolve() : put.call(this, request, response);
  };
  proto.add = function guardedAdd(this: Cache, request: RequestInfo | URL) {
    return isApiRequest(request, base) ? Promise.resolve() : add.call(this, request);
  };
  proto.addAll = function guardedAddAll(this: Cache, requests: Iterable<RequestInfo>) {
    const kept = [...requests].filter((r) => !isApiRequest(r, base));
    return addAll.call(this, kept);
  };
}
