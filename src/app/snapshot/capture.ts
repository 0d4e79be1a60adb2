import { PICTURE_MARK_HEADER } from '../../ui/picture-mark';
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
 * when the copy is painted (docs/performance-log.md has its cost); a bitmap is decoded off it. Null when
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
 * The bytes of a picture the screen shows, from the caches only: the service worker's, else the
 * HTTP cache. Never the network: the screen has the picture already, and asking for it again took
 * the link from the pictures still on their way (bench/loading). Null when no cache has it, or
 * what it has is the worker's mark for a picture it never kept.
 */
async function shownBytes(url: string): Promise<Blob | null> {
  const kept = typeof caches === 'undefined' ? undefined : await caches.match(url).catch(() => undefined);
  const r = kept ?? (await fetch(url, { cache: 'only-if-cached', mode: 'same-origin' }).catch(() => null));
  return r?.ok && !r.headers.get(PICTURE_MARK_HEADER) ? r.blob() : null;
}

/**
 * Learns the first view's pictures not learnt yet, as data URLs: the bytes the screen shows (for
 * a picture with a srcset, the form the browser chose), an SVG drawn as a bitmap. A raster
 * picture is never drawn on a canvas here: that decodes it on the main thread, a long task for each
 * picture on a phone (bench/loading; docs/performance-log.md).
 */
export async function learnImages(root: HTMLElement): Promise<void> {
  for (const img of firstViewImages(root)) {
    const key = keyOf(img);
    if (inlined.has(key)) continue;
    try {
      let blob = await shownBytes(img.currentSrc || img.src);
      // Not in a cache (yet): the copy keeps the picture's address, and the next capture looks again.
      if (!blob) continue;
      if (blob.type.startsWith('image/svg')) blob = (await rasterOf(img).catch(() => null)) ?? blob;
      if (blob.size > INLINE_IMAGE_MAX_BYTES || !blob.type.startsWith('image/')) {
        inlined.set(key, '');
        continue;
      }
      inlined.set(key, await asDataUrl(blob));
    } catch {
      // Offline and not cached: the copy keeps the picture's address.
    }
  }
}

/** A screen that can be kept: settled, no overlay open. */
function settled(root: HTMLElement): boolean {
  const main = root.querySelector('main');
  return Boolean(
    main &&
    main.childElementCount > 0 &&
    !main.querySelector('[aria-busy="true"]') &&
    !root.querySelector('[aria-modal="true"]'),
  );
}

/** The parts of a capture, each a step that reads or writes a little (see captureScreenInSteps). */
const steps = {
  /** Reads the layout: which list items are far down. */
  measure: (root: HTMLElement) => farItems(root),
  /** The copy, with the live pictures it was made from (their learnt forms are keyed by the live ones). */
  copy: (root: HTMLElement) => ({
    copy: root.cloneNode(true) as HTMLElement,
    live: Array.from(root.querySelectorAll('img')),
  }),
  /** The copy cleaned, as markup. */
  markup(copy: HTMLElement, live: HTMLImageElement[], far: Set<number>): string {
    // A long list keeps its first screens: the rest is drawn by the app a moment later anyway.
    copy.querySelectorAll('[role="listitem"]').forEach((el, i) => far.has(i) && el.remove());
    copy.querySelectorAll('img').forEach((img, i) => {
      const data = live[i] ? inlined.get(keyOf(live[i])) : undefined;
      if (!data) return;
      img.setAttribute('src', data);
      // The copy shows the form learnt: a srcset would win over it and be asked for again.
      for (const a of ['loading', 'srcset', 'sizes']) img.removeAttribute(a);
    });
    copy.querySelectorAll(DROP).forEach((n) => n.remove());
    copy.querySelectorAll('*').forEach((el) => {
      for (const a of el.getAttributeNames())
        if (a === 'data-testid' || a.startsWith('on') || a === 'autofocus') el.removeAttribute(a);
    });
    return copy.innerHTML;
  },
};

/**
 * The screen's markup as a static copy: the first view's pictures inside it, overlays dropped,
 * no test ids (a copy is never what a test means), no inline handlers, no focus marks. Null when
 * the screen is still loading.
 */
export function screenMarkup(root: HTMLElement): string | null {
  if (!settled(root)) return null;
  const far = steps.measure(root);
  const { copy, live } = steps.copy(root);
  return steps.markup(copy, live, far);
}

/** Who a copy of this document belongs to and where it is kept, or null when nobody is signed in. */
function keeping(doc: Document): { owner: string; path: string } | null {
  const owner = ownerOf(doc.cookie);
  return owner ? { owner, path: doc.location.pathname + doc.location.search } : null;
}

function keep(doc: Document, store: Storage, to: { owner: string; path: string }, html: string): boolean {
  return writeSnapshot(
    to.path,
    {
      build: buildOf(doc),
      owner: to.owner,
      theme: doc.documentElement.dataset.theme ?? '',
      title: doc.title,
      html,
      at: Date.now(),
    },
    store,
  );
}

/** Keeps the current screen's look for the next visit, if it has settled (at once: the page is being hidden or left). */
export function captureScreen(doc: Document = document, store: Storage = localStorage): boolean {
  const root = appContainer();
  const to = keeping(doc);
  if (!root || !root.isConnected || !to) return false;
  const html = screenMarkup(root);
  return html !== null && keep(doc, store, to, html);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * captureScreen in four tasks (measure, copy, clean and serialise, write) with a turn of the event
 * loop between them: done at once, a capture of a list screen was one long task (bench/loading;
 * docs/performance-log.md), in the first seconds of a visit. A screen that changed meanwhile is captured
 * again anyway (watchScreen), and one left meanwhile is not kept under the new address.
 */
export async function captureScreenInSteps(
  doc: Document = document,
  store: Storage = localStorage,
  yieldNow: () => Promise<void> = nextTask,
): Promise<boolean> {
  const root = appContainer();
  const to = keeping(doc);
  if (!root || !root.isConnected || !to || !settled(root)) return false;
  const far = steps.measure(root);
  await yieldNow();
  const still = () => {
    const now = keeping(doc);
    return root.isConnected && now?.path === to.path && now.owner === to.owner;
  };
  if (!still() || !settled(root)) return false;
  const { copy, live } = steps.copy(root);
  await yieldNow();
  const html = steps.markup(copy, live, far);
  await yieldNow();
  return still() && keep(doc, store, to, html);
}

/**
 * While a member's screen is open: keeps its look half a second after it stops changing (in idle
 * time) and when the page is hidden or left. Returns the function that stops it.
 */
export function watchScreen(doc: Document = document): () => void {
  const root = appContainer();
  if (!root || typeof MutationObserver === 'undefined') return () => undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const w = doc.defaultView as
    (Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }) | null;
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      const capture = () => void learnImages(root).finally(() => captureScreenInSteps(doc));
      if (w?.requestIdleCallback) w.requestIdleCallback(capture, { timeout: 1000 });
      else capture();
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
