import { appContainer } from '../snapshot/container';

/**
 * The moment the first screen is on and usable (its page rendered, or hydrated over the
 * prerendered HTML), and the moment it has settled (its content read, its first view's pictures
 * in): boot work (sync engine, service worker, kept copies, next screens' code) waits for the
 * latter, so that nothing is requested or run ahead of the screen the visitor is looking at: on a
 * phone's one slow link every other request delays its pictures (bench/loading.bench.ts).
 */
let shown = false;
let settled = false;
const waiting: Array<() => void> = [];
const atOnce: Array<() => void> = [];
const onSettled: Array<() => void> = [];

/** The first view's pictures: those a screen asks for first (src/ui/picture.tsx, `priority`). */
const FIRST_PICTURES = 'img[fetchpriority="high"]';
/** Boot work waits at most this long after the first screen showed (a picture that never comes, a screen that stays busy). */
export const SETTLE_MAX_MS = 5000;
/** After the screen has settled, boot work waits for the page to be idle at most this long. */
export const QUIET_MAX_MS = 1000;

/** Called by every route's page once it has rendered (and by the 404 page), from its commit. */
export function noteScreenShown(): void {
  if (shown) return;
  shown = true;
  for (const run of atOnce.splice(0)) run();
  for (const run of waiting.splice(0)) run();
  watchSettling();
}

/**
 * Whether the screen in `root` has settled: it is on the page (not a live screen still being
 * made beside a kept copy), its page has content, nothing in it is busy, and its first-view
 * pictures have loaded (or failed).
 */
export function screenSettled(root: HTMLElement | null): boolean {
  const main = root?.querySelector('main');
  if (!root?.isConnected || !main || main.childElementCount === 0 || main.querySelector('[aria-busy="true"]'))
    return false;
  return Array.from(root.querySelectorAll<HTMLImageElement>(FIRST_PICTURES)).every((img) => img.complete);
}

function watchSettling(): void {
  const root = appContainer();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let observer: MutationObserver | null = null;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    root?.removeEventListener('load', check, true);
    root?.removeEventListener('error', check, true);
    clearTimeout(timer);
    // The screen settles in the frame its live version is put on the page (src/app/boot/boot.tsx):
    // boot work started there (the sync engine's graph, the worker's precache, the next screens'
    // code) was asked for and evaluated before the member could tap it. It waits for the next frame,
    // then for the page to be idle.
    afterQuiet(() => {
      settled = true;
      for (const run of onSettled.splice(0)) run();
    });
  };
  function check() {
    if (screenSettled(root)) finish();
  }
  if (root && typeof MutationObserver !== 'undefined') {
    observer = new MutationObserver(check);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy', 'src'] });
    // A live screen made beside a kept copy is put on the page in one step (src/app/boot/boot.tsx).
    const host = root.ownerDocument.getElementById('root');
    if (host && host !== root) observer.observe(host, { childList: true });
    // A picture's load does not bubble: heard on the way down.
    root.addEventListener('load', check, true);
    root.addEventListener('error', check, true);
  }
  timer = setTimeout(finish, SETTLE_MAX_MS);
  check();
}

type IdleWindow = { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };

/** Runs `task` after the next frame has been drawn, once the page is idle (at most QUIET_MAX_MS later). */
function afterQuiet(task: () => void): void {
  const w = (typeof window === 'undefined' ? {} : window) as IdleWindow & Partial<Window>;
  const idle = () =>
    w.requestIdleCallback ? w.requestIdleCallback(task, { timeout: QUIET_MAX_MS }) : setTimeout(task, 0);
  // A frame that never comes (a hidden tab draws none) does not hold the boot work back.
  let framed = false;
  const next = () => {
    if (framed) return;
    framed = true;
    clearTimeout(fallback);
    idle();
  };
  const fallback = setTimeout(next, QUIET_MAX_MS);
  if (w.requestAnimationFrame) w.requestAnimationFrame(() => w.requestAnimationFrame!(next));
  else next();
}

/** Whether the first screen has settled (see afterScreenSettled). */
export function isScreenSettled(): boolean {
  return settled;
}

/**
 * Runs `task` once the first screen has settled (in a task of its own): its page shown, nothing
 * in it busy, its first view's pictures in (at most SETTLE_MAX_MS after it showed), a frame drawn
 * since and the page idle (at most QUIET_MAX_MS more). Returns the function that cancels it.
 */
export function afterScreenSettled(task: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) setTimeout(() => !cancelled && task(), 0);
  };
  if (settled) run();
  else onSettled.push(run);
  return () => {
    cancelled = true;
  };
}

/** Runs `task` right when the first screen shows, inside that commit (before any later render). */
export function whenFirstScreenShows(task: () => void): void {
  if (shown) task();
  else atOnce.push(task);
}

/** Runs `task` once the first screen has shown (in a task of its own, after the screen's). */
export function afterFirstScreen(task: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) setTimeout(() => !cancelled && task(), 0);
  };
  if (shown) run();
  else waiting.push(run);
  return () => {
    cancelled = true;
  };
}

const onRouteChange: Array<() => void> = [];

/** Called by the shell when the route changes after the first screen. */
export function noteRouteChange(): void {
  for (const run of onRouteChange.splice(0)) run();
}

/** Runs `task` once, at the next route change. */
export function atNextRouteChange(task: () => void): void {
  onRouteChange.push(task);
}

/** For tests: forget that a screen was shown. */
export function resetFirstScreen(): void {
  shown = false;
  settled = false;
  waiting.length = 0;
  atOnce.length = 0;
  onSettled.length = 0;
  onRouteChange.length = 0;
}
