import type { ClubDb } from '../../db/database';
import { PICTURES_MESSAGE, type KeepPicturesMessage } from './picture-protocol';
import { compareCodeUnits } from '../../domain/format/uk-format';

/** Products per catalogue list whose pictures are kept: a list's first screen and the next row. */
export const LIST_FIRST_ROWS = 6;
/** Pictures asked for per run at most (the cache's budget holds thousands). */
const MAX_PICTURES = 400;
/** Runs closer together than this are skipped unless the wanted pictures changed. */
const MIN_GAP_MS = 5 * 60_000;

/** Every `image` string anywhere inside a kept server answer (the orders' lines). */
function imagesIn(value: unknown, out: string[], depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const v of value) imagesIn(v, out, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === 'image' && typeof v === 'string') out.push(v);
    else imagesIn(v, out, depth + 1);
  }
}

/**
 * The pictures a member may open offline, most wanted first: the cart, the favourites, the first
 * rows of each catalogue list, the orders' lines and the news. Certificates need none (their
 * partners' logos come inside the answer as data: URIs). `lean` (Save-Data, 2G): only the cart
 * and the favourites.
 */
export async function picturesToKeep(db: ClubDb, lean = false): Promise<string[]> {
  const wanted: Array<string | null | undefined> = [];
  const cart = await db.cart.toArray();
  wanted.push(...cart.sort((a, b) => b.addedAt - a.addedAt).map((l) => l.image));
  const favourites = await db.favourites.toArray();
  const products = await db.products.bulkGet(
    favourites.map((f) => [f.variant, f.productId] as [typeof f.variant, number]),
  );
  wanted.push(...products.map((p) => p?.image));
  if (!lean) {
    for (const c of await db.collections.toArray())
      wanted.push(...c.products.slice(0, LIST_FIRST_ROWS).map((p) => p.image));
    const orders: string[] = [];
    for (const d of await db.docs.bulkGet([
      ['glo', 'orders'],
      ['ogo', 'orders'],
    ]))
      imagesIn(d?.value, orders);
    wanted.push(...orders);
    const news = await db.news.toArray();
    wanted.push(...news.sort((a, b) => compareCodeUnits(b.publishedAt, a.publishedAt)).map((n) => n.image));
  }
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const u of wanted) {
    if (!u || !u.startsWith('/media/') || seen.has(u)) continue;
    seen.add(u);
    urls.push(u);
  }
  return urls.slice(0, MAX_PICTURES);
}

interface ConnectionLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Save-Data asked, or a 2G-class link (Network Information, Chromium): keep only what matters most. */
export function leanConnection(nav: Navigator = navigator): boolean {
  const c = (nav as Navigator & { connection?: ConnectionLike }).connection;
  return Boolean(c?.saveData) || c?.effectiveType === '2g' || c?.effectiveType === 'slow-2g';
}

/** Runs `task` when the page is idle (requestIdleCallback where there is one), else soon. */
export function whenIdle(task: () => void, timeout = 5000): void {
  const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
  if (w.requestIdleCallback) w.requestIdleCallback(task, { timeout });
  else setTimeout(task, 200);
}

let last: { at: number; key: string } | null = null;

/**
 * After a sync has settled: in idle time, names to the active service worker the pictures the
 * member may open offline; the worker keeps them (sw/pictures.ts). Nothing happens without a
 * service worker, offline, or when the same list was sent a moment ago.
 */
export function keepPicturesForOffline(db: ClubDb): void {
  if (!('serviceWorker' in navigator) || !navigator.onLine) return;
  whenIdle(() => {
    void (async () => {
      const urls = await picturesToKeep(db, leanConnection());
      const key = urls.join(' ');
      if (urls.length === 0 || (last && last.key === key && Date.now() - last.at < MIN_GAP_MS)) return;
      last = { at: Date.now(), key };
      const reg = await navigator.serviceWorker.ready;
      const message: KeepPicturesMessage = { type: PICTURES_MESSAGE, urls };
      reg.active?.postMessage(message);
    })().catch(() => undefined);
  });
}
