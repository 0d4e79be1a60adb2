/**
 * The moment the first screen is on and usable (its page rendered, or hydrated over the
 * prerendered HTML): boot work (sync engine, service worker) waits for it, so that nothing is
 * requested or run ahead of the screen the visitor is looking at.
 */
let shown = false;
const waiting: Array<() => void> = [];

/** Called by every route's page once it has rendered (and by the 404 page). */
export function noteScreenShown(): void {
  if (shown) return;
  shown = true;
  for (const run of waiting.splice(0)) run();
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

/** For tests: forget that a screen was shown. */
export function resetFirstScreen(): void {
  shown = false;
  waiting.length = 0;
}
