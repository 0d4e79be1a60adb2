import { DOUBLE_CLICK_MS } from '../double-click';

/**
 * Taps on a member's kept screen (./paint.ts) while the app's code starts: the copy looks like
 * the screen but is inert, so a tap on its heart or its «+» would do nothing, and the tap that
 * makes the live screen take over (../boot/boot.tsx) would be lost with it. The longer the start
 * (a slow phone, the server away mid-restart), the more taps a member makes on a screen that looks
 * normal. Each tap is noted with what it was aimed at, and carried out on the same control of the
 * live screen once it has taken over; one whose control never shows there is dropped.
 */

/** What counts as a control. */
const CONTROL =
  'button, a[href], [role="button"], [role="switch"], [role="tab"], [role="radio"], [role="checkbox"], summary, label';
/** A pointer that moved further than this (px) between down and up scrolled: no tap. */
const TAP_SLOP_PX = 10;
/** How long a tap waits for its control once the live screen shows its page (ms): the page may still be reading its data. */
export const TAP_WAIT_MS = 10_000;

/** The same control on both screens: its tag, name (label or text), link, and the product card it sits in. */
export function fingerprint(el: Element): string {
  const name = el.getAttribute('aria-label') ?? el.textContent?.replace(/\s+/g, ' ').trim().slice(0, 80) ?? '';
  const card = el.closest('[data-product-id]')?.getAttribute('data-product-id') ?? '';
  return [el.tagName, el.getAttribute('href') ?? '', name, card].join('|');
}

/** The innermost control of `root` under the point (by layout: the copy is inert, so no hit test reaches it). */
export function controlAt(root: ParentNode, x: number, y: number): Element | null {
  let best: Element | null = null;
  let area = Infinity;
  for (const el of root.querySelectorAll(CONTROL)) {
    const r = el.getBoundingClientRect();
    if (x < r.left || x > r.right || y < r.top || y > r.bottom || r.width * r.height >= area) continue;
    best = el;
    area = r.width * r.height;
  }
  return best;
}

interface Tap {
  print: string;
  x: number;
  y: number;
  /** Event time (ms). */
  at: number;
}

/** The live screen's control for a tap: the one at the same spot if it is the same, else the only one like it. */
function liveControl(live: HTMLElement, tap: Tap): HTMLElement | null {
  const doc = live.ownerDocument;
  const here = doc.elementFromPoint(tap.x, tap.y)?.closest(CONTROL);
  if (here && live.contains(here) && fingerprint(here) === tap.print) return here as HTMLElement;
  const same = Array.from(live.querySelectorAll(CONTROL)).filter((el) => fingerprint(el) === tap.print);
  return same.length === 1 ? (same[0] as HTMLElement) : null;
}

/** How long a tap waits at most for the live screen to show its page at all (ms): then it is dropped. */
export const PAGE_WAIT_MS = 60_000;

/**
 * Clicks the tap's control as soon as the live screen shows it, or drops it: `waitMs` after the
 * live screen shows its page (`shown`), or PAGE_WAIT_MS if it never does. A tap swaps the live
 * screen in at once, before it has rendered; on a slow phone its page can take longer than the
 * wait, so the wait counts from the page, not from the swap.
 */
function carryOut(live: HTMLElement, tap: Tap, waitMs: number, shown: () => boolean): void {
  const now = liveControl(live, tap);
  if (now) {
    now.click();
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const startWait = () => {
    if (timer === undefined && shown()) timer = setTimeout(() => done(), waitMs);
  };
  const observer = new MutationObserver(() => {
    const el = liveControl(live, tap);
    if (!el) return startWait();
    done();
    el.click();
  });
  const cap = setTimeout(() => done(), PAGE_WAIT_MS);
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
    clearTimeout(cap);
  };
  observer.observe(live, { subtree: true, childList: true, attributes: true });
  startWait();
}

/** When the live screen shows its page; by default at once. */
type Shown = () => boolean;
const AT_ONCE: Shown = () => true;

let session: { takeOver(live: HTMLElement, waitMs?: number, shown?: Shown): void } | null = null;

/**
 * Notes the taps made on `snapshot` (the kept screen just painted) until the live screen takes
 * over; call once, right after painting it.
 */
export function keepEarlyTaps(snapshot: HTMLElement, win: Window = window): void {
  let pending: Tap | null = null;
  const queued: Tap[] = [];
  let live: { el: HTMLElement; waitMs: number; shown: Shown } | null = null;
  let last: Tap | null = null;
  const deliver = (tap: Tap) => {
    // Two taps on one control in a moment are a double tap: docs/rules.md#screens takes it once.
    if (last && last.print === tap.print && tap.at - last.at < DOUBLE_CLICK_MS) return;
    last = tap;
    if (live) carryOut(live.el, tap, live.waitMs, live.shown);
    else queued.push(tap);
  };
  const onDown = (e: PointerEvent) => {
    pending = null;
    if (!e.isPrimary || !snapshot.isConnected) return;
    const control = controlAt(snapshot, e.clientX, e.clientY);
    if (control) pending = { print: fingerprint(control), x: e.clientX, y: e.clientY, at: e.timeStamp };
  };
  const onUp = (e: PointerEvent) => {
    const tap = pending;
    pending = null;
    if (tap && e.isPrimary && Math.hypot(e.clientX - tap.x, e.clientY - tap.y) <= TAP_SLOP_PX) deliver(tap);
    if (live && !snapshot.isConnected) stop();
  };
  const onCancel = () => {
    pending = null;
  };
  const stop = () => {
    win.removeEventListener('pointerdown', onDown, true);
    win.removeEventListener('pointerup', onUp, true);
    win.removeEventListener('pointercancel', onCancel, true);
  };
  // Capture, and before the boot's own listener (which replaces the copy at a tap): the copy is still there to look at.
  win.addEventListener('pointerdown', onDown, true);
  win.addEventListener('pointerup', onUp, true);
  win.addEventListener('pointercancel', onCancel, true);
  // From here on its taps are kept. A copy the service worker put in the HTML shows before the
  // entry has run: a tap in that moment (a fraction of a second on a phone) is not kept.
  snapshot.dataset.keepsTaps = '';
  session = {
    takeOver(el, waitMs = TAP_WAIT_MS, shown = AT_ONCE) {
      live = { el, waitMs, shown };
      for (const tap of queued.splice(0)) carryOut(el, tap, waitMs, shown);
      if (!pending) stop();
    },
  };
}

/**
 * The live screen has taken over (the copy is gone): the taps noted on the copy are carried out
 * on it, and so is one still under way (its finger down on the copy, up on the live screen).
 */
export function takeOverEarlyTaps(live: HTMLElement, waitMs?: number, shown?: Shown): void {
  session?.takeOver(live, waitMs, shown);
  session = null;
}
