import { appContainer } from './container';
import { buildOf, ownerOf, writeSnapshot } from './store';

export { setAppContainer } from './container';

/** Not kept: overlays and anything marked so; the copy must show the screen as a member lands on it. */
const DROP = '[role="dialog"], [aria-modal="true"], dialog, [data-no-snapshot], .toaster > *';

/**
 * The screen's markup as a static copy: overlays dropped, no test ids (a copy is never what a
 * test means), no inline handlers, no focus marks. Null when the screen is still loading.
 */
export function screenMarkup(root: HTMLElement): string | null {
  const main = root.querySelector('main');
  if (!main || main.childElementCount === 0 || main.querySelector('[aria-busy="true"]')) return null;
  if (root.querySelector('[aria-modal="true"]')) return null;
  const copy = root.cloneNode(true) as HTMLElement;
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
 * While a member's screen is open: keeps its look a second after it stops changing (in idle
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
      if (w?.requestIdleCallback) w.requestIdleCallback(() => captureScreen(doc), { timeout: 2000 });
      else captureScreen(doc);
    }, 1000);
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
