/**
 * The last rendered look of a member's screens, kept on the device so that the next visit paints
 * the screen at once, before the app's code and the local database are up, and the live screen
 * takes over a moment later (see ./paint and ../boot/boot.tsx). Kept twice: in localStorage (the
 * entry script paints from it) and in Cache Storage, where the service worker reads it to answer
 * the navigation with the screen already in the HTML (sw/navigation.ts); logout forgets both
 * (src/sync/auth/logout.ts, ../pwa/forget-member.ts), and so does any signed-out page.
 * Either copy is used only for the member it was made for (a hash of the session cookie) and the
 * build it was made by. Plain functions: the entry script and the service worker use them.
 */
export interface ScreenSnapshot {
  /** The build the markup came from (its styles must match): the `club-build` meta of the HTML. */
  build: string;
  /** Whose screen it is: a hash of the session cookie, so another member never sees it. */
  owner: string;
  theme: string;
  title: string;
  html: string;
  at: number;
}

/** The part of `localStorage` used (declared here: the service worker, which has none, reads this module too). */
interface Store {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'screen:';
const INDEX_KEY = 'screen:index';
/** Screens kept, most recent first. */
export const MAX_SCREENS = 8;
/** A screen whose markup is longer than this (characters) is not kept. */
export const MAX_HTML = 150_000;

/** A short hash of the session cookie's value (FNV-1a), or null when signed out. */
export function ownerOf(cookies: string): string | null {
  const m = /(?:^|;\s*)usertoken=([^;]*)/.exec(cookies);
  return m && m[1] ? ownerOfToken(m[1]) : null;
}

/** The same hash from the cookie's value itself (the service worker reads it from the Cookie Store). */
export function ownerOfToken(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** The Cache Storage copy: its cache and the key of a path's screen. */
export const SCREENS_CACHE = 'club-screens';
export const screenUrl = (path: string): string => `/__screens/${encodeURIComponent(path)}`;

/** Whether the page's member is still `owner` (a logout, here or in another tab, clears the cookie first). */
function stillOwner(owner: string): boolean {
  const doc = (globalThis as { document?: { cookie: string } }).document;
  return !doc || ownerOf(doc.cookie) === owner;
}

/** Writes, or with null deletes, the service worker's copy of a screen; quietly does nothing without Cache Storage. */
function cacheCopy(path: string, snap: ScreenSnapshot | null): void {
  if (typeof caches === 'undefined') return;
  void caches
    .open(SCREENS_CACHE)
    .then(async (c) => {
      // Looked at again once the cache is open: a logout may have come meanwhile and deleted it.
      if (snap && stillOwner(snap.owner))
        await c.put(
          screenUrl(path),
          new Response(JSON.stringify(snap), { headers: { 'content-type': 'application/json' } }),
        );
      else if (!snap) await c.delete(screenUrl(path));
    })
    .catch(() => undefined);
}

/** The build of the page: the `club-build` meta the build writes into every HTML file. */
export function buildOf(doc: {
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
}): string {
  return doc.querySelector('meta[name="club-build"]')?.getAttribute('content') ?? '';
}

function index(store: Store): string[] {
  try {
    const list = JSON.parse(store.getItem(INDEX_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** The kept screen of `path` if it belongs to this build and this member. */
export function readSnapshot(
  path: string,
  store: Store,
  expect: { build: string; owner: string },
): ScreenSnapshot | null {
  const raw = store.getItem(PREFIX + path);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as ScreenSnapshot;
    if (!s || typeof s.html !== 'string' || s.build !== expect.build || s.owner !== expect.owner) return null;
    return s;
  } catch {
    return null;
  }
}

/** Keeps the screen of `path`, dropping the oldest beyond MAX_SCREENS; a full storage keeps nothing new. */
export function writeSnapshot(path: string, snap: ScreenSnapshot, store: Store): boolean {
  if (snap.html.length > MAX_HTML) return false;
  const keys = [path, ...index(store).filter((k) => k !== path)];
  for (const old of keys.splice(MAX_SCREENS)) {
    store.removeItem(PREFIX + old);
    cacheCopy(old, null);
  }
  try {
    store.setItem(PREFIX + path, JSON.stringify(snap));
    store.setItem(INDEX_KEY, JSON.stringify(keys));
    cacheCopy(path, snap);
    return true;
  } catch {
    // Quota: the snapshots are a nicety; free their room for the app's own data.
    clearSnapshots(store);
    return false;
  }
}

/** Forgets every kept screen, both copies (a variant switch, a signed-out visit). */
export function clearSnapshots(store: Store): void {
  for (const k of index(store)) store.removeItem(PREFIX + k);
  store.removeItem(INDEX_KEY);
  if (typeof caches !== 'undefined') void caches.delete(SCREENS_CACHE).catch(() => undefined);
}
