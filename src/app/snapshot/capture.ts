import { appContainer } from './container';
import { buildOf, ownerOf, writeSnapshot } from './store';

export { setAppContainer } from './container';

/** Not kept: overlays and anything marked so; the copy must show the screen as a member lands on it. */
const DROP = '[role="dialog"], [aria-modal="true"], dialog, [data-no-snapshot], .toaster > *';

/** List items further down than this many screen heights are left out of the copy: painting it must stay cheap. */
export const KEPT_SCREENS = 1.5;

/** Indexes (in document order) of the list items that start below what the copy keeps. */
function farItems(root: HTMLElement): Set<number> {
  const view = root.ownerDocument.defaultView;
  const limit = (view?.innerHeight ?? 800) * KEPT_SCREENS;
  const scroll = view?.scrollY ?? 0;
  const far = new Set<number>();
  root.querySelectorAll('[role="listitem"]').forEach((el, i) => {
    if (el.getBoundingClientRect().top + scroll > limit) far.add(i);
  });
  return far;
}

/** Pictures of the first view kept inside the copy (as data URLs), so that it paints them with no request. */
export const INLINE_IMAGES = 6;
export const INLINE_IMAGE_MAX_BYTES = 16 * 1024;
/** Picture URL and shown width → data URL ('' when too big or not ours), learnt in idle time. */
const inlined = new Map<string, string>();
const keyOf = (img: HTMLImageElement) => `${img.src} ${img.clientWidth}`;

/** The pictures a member sees without scrolling (same origin), at most INLINE_IMAGES. */
function firstViewImages(root: HTMLElement): HTMLImageElement[] {
  const view = root.ownerDocument.defaultView;
  const height = view?.innerHeight ?? 800;
  const scroll = view?.scrollY ?? 0;
  return Array.from(root.querySelectorAll('img'))
    .filter((img) => {
      const r = img.getBoundingClientRect();
      return r.width > 0 && r.top + scroll < height && img.src.startsWith(root.ownerDocument.location.origin + '/');
    })
    .slice(0, INLINE_IMAGES);
}

const asDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** Sharper than this is not worth the bytes in a copy shown for a second. */
const MAX_SCALE = 2;

/**
 * The picture as shown (object-fit: cover, at the screen's density up to MAX_SCALE), as WebP.
 * An SVG drawing inside the copy would be parsed as a document of its own on the main thread
 * when the copy is painted (15-20 ms a picture at 4x CPU); a bitmap is decoded off it. Null when
 * the picture has not loaded or the browser cannot encode WebP.
 */
async function rasterOf(img: HTMLImageElement): Promise<Blob | null> {
  const scale = Math.min(img.ownerDocument.defaultView?.devicePixelRatio ?? 1, MAX_SCALE);
  const w = Math.round(img.clientWidth * scale);
  const h = Math.round(img.clientHeight * scale);
  if (!img.complete || !img.naturalWidth || !img.naturalHeight || !w || !h) return null;
  const canvas = img.ownerDocument.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const cover = Math.max(w / img.naturalWidth, h / img.naturalHeight);
  const dw = img.naturalWidth * cover;
  const dh = img.naturalHeight * cover;
  ctx.drawImage(img, (w - dw) / 2, (h - dh) / 2, dw, dh);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.8));
  return blob?.type === 'image/webp' ? blob : null;
}

/**
 * Learns the first view's pictures not learnt yet, as data URLs: the bytes the screen shows (from
 * the caches, usually; for a picture with a srcset, the form the browser chose), an SVG drawn as a
 * bitmap. A raster picture is never drawn on a canvas here: that decodes it on the main thread
 * (130-180 ms a picture at 4x CPU, bench/loading).
 */
export async function learnImages(root: HTMLElement): Promise<void> {
  for (const img of firstViewImages(root)) {
    const key = keyOf(img);
    if (inlined.has(key)) continue;
    try {
      const r = await fetch(img.currentSrc || img.src);
      let blob = r.ok ? await r.blob() : null;
      if (blob?.type.startsWith('image/svg')) blob = (await rasterOf(img).catch(() => null)) ?? blob;
      if (!blob || blob.size > INLINE_IMAGE_MAX_BYTES || !blob.type.startsWith('image/')) {
        inlined.set(key, '');
        continue;
      }
      inlined.set(key, await asDataUrl(blob));
    } catch {
      // Offline and not cached: the copy keeps the picture's address.
    }
  }
}

/**
 * The screen's markup as a static copy: the first view's pictures inside it, overlays dropped,
 * no test ids (a copy is never what a test means), no inline handlers, no focus marks. Null when
 * the screen is still loading.
 */
export function screenMarkup(root: HTMLElement): string | null {
  const main = root.querySelector('main');
  if (!main || main.childElementCount === 0 || main.querySelector('[aria-busy="true"]')) return null;
  if (root.querySelector('[aria-modal="true"]')) return null;
  const far = farItems(root);
  const copy = root.cloneNode(true) as HTMLElement;
  // A long list keeps its first screens: the rest is drawn by the app a moment later anyway.
  copy.querySelectorAll('[role="listitem"]').forEach((el, i) => far.has(i) && el.remove());
  const live = Array.from(root.querySelectorAll('img'));
  copy.querySelectorAll('img').forEach((img, i) => {
    const data = live[i] ? inlined.get(keyOf(live[i])) : undefined;
    if (!data) return;
    img.setAttribute('src', data);
    // The copy shows the form learnt: a srcset would win over it and be asked for again.
    for (const a of ['loading', 'srcset', 'sizes']) img.removeAttribute(a);
  });
  copy.querySelectorAll(DROP).forEach((n) => n.remove());
  copy.querySelectorAll('*').forEach((el) => {
    for (const a of [...el.attributes]) if (a.name === 'data-testid' || a.name.startsWith('on') || a.name === 'autofocus') el.removeAttribute(a.name);
  });
  return copy.innerHTML;
}

/** Keeps the current screen's look for the next visit, if it has settled. */
export function captureScreen(doc: Document = document, store: Storage = localStorage): boolean {
  const root = appContainer();
  if (!root || !root.isConnected) return false;
  const owner = ownerOf(doc.cookie);
  if (!owner) return false;
  const html = screenMarkup(root);
  if (html === null) return false;
  const loc = doc.location;
  return writeSnapshot(
    loc.pathname + loc.search,
    { build: buildOf(doc), owner, theme: doc.documentElement.dataset.theme ?? '', title: doc.title, html, at: Date.now() },
    store,
  );
}

/**
 * While a member's screen is open: keeps its look half a second after it stops changing (in idle
 * time) and when the page is hidden or left. Returns the function that stops it.
 */
export function watchScreen(doc: Document = document): () => void {
  const root = appContainer();
  if (!root || typeof MutationObserver === 'undefined') return () => undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const w = doc.defaultView as (Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }) | null;
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      const keep = () => void learnImages(root).finally(() => captureScreen(doc));
      if (w?.requestIdleCallback) w.requestIdleCallback(keep, { timeout: 1000 });
      else keep();
    }, 500);
  };
  const observer = new MutationObserver(later);
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  const now = () => {
    if (doc.visibilityState === 'hidden') captureScreen(doc);
  };
  const onHide = () => captureScreen(doc);
  doc.addEventListener('visibilitychange', now);
  w?.addEventListener('pagehide', onHide);
  later();
  return () => {
    observer.disconnect();
    if (timer) clearTimeout(timer);
    doc.removeEventListener('visibilitychange', now);
    w?.removeEventListener('pagehide', onHide);
  };
}
