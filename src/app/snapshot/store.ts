/**
 * The last rendered look of a member's screens, kept on the device (localStorage, which logout
 * clears) so that the next visit paints the screen at once, before the app's code and the local
 * database are up, and the live screen takes over a moment later (see ./paint and ../boot/boot).
 * Plain functions over a Storage: the entry script uses them, so they must stay small.
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

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'screen:';
const INDEX_KEY = 'screen:index';
/** Screens kept, most recent first. */
export const MAX_SCREENS = 8;
/** A screen whose markup is longer than this (characters) is not kept. */
export const MAX_HTML = 150_000;

/** A short hash of the session cookie's value (FNV-1a), or null when signed out. */
export function ownerOf(cookies: string): string | null {
  const m = /(?:^|;\s*)usertoken=([^;]*)/.exec(cookies);
  if (!m || !m[1]) return null;
  let h = 0x811c9dc5;
  for (let i = 0; i < m[1].length; i += 1) {
    h ^= m[1].charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** The build of the page: the `club-build` meta the build writes into every HTML file. */
export function buildOf(doc: Document): string {
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
export function readSnapshot(path: string, store: Store, expect: { build: string; owner: string }): ScreenSnapshot | null {
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
  for (const old of keys.splice(MAX_SCREENS)) store.removeItem(PREFIX + old);
  try {
    store.setItem(PREFIX + path, JSON.stringify(snap));
    store.setItem(INDEX_KEY, JSON.stringify(keys));
    return true;
  } catch {
    // Quota: the snapshots are a nicety; free their room for the app's own data.
    clearSnapshots(store);
    return false;
  }
}

/** Forgets every kept screen (a variant switch, a signed-out visit). */
export function clearSnapshots(store: Store): void {
  for (const k of index(store)) store.removeItem(PREFIX + k);
  store.removeItem(INDEX_KEY);
}

/** Whether any screen is kept (cheap: one read). */
export function hasSnapshots(store: Store): boolean {
  return store.getItem(INDEX_KEY) !== null;
}
