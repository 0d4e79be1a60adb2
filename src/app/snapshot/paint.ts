import { buildOf, clearSnapshots, ownerOf, readSnapshot } from './store';

/**
 * Run by the entry script before anything else loads: when a signed-in member opens a screen
 * seen before on this device, paints its kept look into the empty root at once, inert (its taps
 * are noted and carried out by the live screen, ./early-taps.ts, which replaces it as soon as it
 * is ready), unless the service
 * worker's answer has it already. Returns the painted element, or null. A signed-out visit
 * (the prerendered sign-in after a logout too) forgets every kept screen, both copies: one
 * written by another tab as the member logged out goes at the next signed-out page.
 */
export function paintSnapshot(
  root: HTMLElement,
  doc: Document = document,
  store: Storage = localStorage,
): HTMLElement | null {
  try {
    const owner = ownerOf(doc.cookie);
    if (!owner) {
      clearSnapshots(store);
      return null;
    }
    // The service worker may have put it in the HTML already.
    const given = root.firstElementChild;
    if (given) return given.classList.contains('screen-snapshot') ? (given as HTMLElement) : null;
    const loc = doc.location;
    const snap = readSnapshot(loc.pathname + loc.search, store, { build: buildOf(doc), owner });
    if (!snap) return null;
    const el = doc.createElement('div');
    el.className = 'screen-snapshot';
    el.setAttribute('inert', '');
    el.setAttribute('aria-hidden', 'true');
    el.innerHTML = snap.html;
    if (snap.theme) doc.documentElement.dataset.theme = snap.theme;
    if (snap.title) doc.title = snap.title;
    root.appendChild(el);
    return el;
  } catch {
    return null;
  }
}

/** How long the app's start waits, at most, for a kept screen's pictures. */
export const PAINT_WAIT_MS = 800;

/**
 * Resolves once the kept screen's pictures in view have loaded and a frame has shown them (or
 * after PAINT_WAIT_MS): the app's code, which holds the main thread a while, runs after that.
 * The pictures in view are the ones the copy carries inside it (src/app/snapshot/capture.ts):
 * asking the layout where each picture is would lay the whole copy out in this script's task.
 */
export function whenPainted(el: HTMLElement, waitMs = PAINT_WAIT_MS): Promise<void> {
  const inView = Array.from(el.querySelectorAll('img')).filter((img) => img.getAttribute('src')?.startsWith('data:'));
  const loaded = Promise.all(inView.map((img) => img.decode().catch(() => undefined)));
  const capped = Promise.race([loaded, new Promise((r) => setTimeout(r, waitMs))]);
  return capped.then(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}
