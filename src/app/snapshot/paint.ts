import { buildOf, clearSnapshots, hasSnapshots, ownerOf, readSnapshot } from './store';

/**
 * Run by the entry script before anything else loads: when a signed-in member opens a screen
 * seen before on this device, paints its kept look into the empty root at once, inert (it does
 * not react to taps; the live screen replaces it as soon as it is ready). Returns the painted
 * element, or null. A signed-out visit forgets every kept screen.
 */
export function paintSnapshot(root: HTMLElement, doc: Document = document, store: Storage = localStorage): HTMLElement | null {
  try {
    if (root.firstElementChild) return null;
    const owner = ownerOf(doc.cookie);
    if (!owner) {
      if (hasSnapshots(store)) clearSnapshots(store);
      return null;
    }
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
