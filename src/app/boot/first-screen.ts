/**
 * The moment the first screen is on and usable (its page rendered, or hydrated over the
 * prerendered HTML): boot work (sync engine, service worker) waits for it, so that nothing is
 * requested or run ahead of the screen the visitor is looking at.
 */
let shown = false;
const waiting: Array<() => void> = [];
const atOnce: Array<() => void> = [];

/** Called by every route's page once it has rendered (and by the 404 page), from its commit. */
export function noteScreenShown(): void {
  if (shown) return;
  shown = true;
  for (const run of atOnce.splice(0)) run();
  for (const run of waiting.splice(0)) run();
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
  waiting.length = 0;
  atOnce.length = 0;
  onRouteChange.length = 0;
}
