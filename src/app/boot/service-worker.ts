/** docs/rules.md#states, docs/rules.md#constants: the manifest prefetch starts 1 s after load: here, the service worker's precache. */
export const SW_DELAY_MS = 1000;

/**
 * Registers the service worker a second after the page's load, in idle time. Its precache
 * fetches every chunk of the build (without running any), which is the prefetch of docs/rules.md#states: the
 * routes then open offline and at once. Nothing is imported eagerly in the page.
 */
export function scheduleServiceWorker(win: Window = window): void {
  if (!('serviceWorker' in win.navigator)) return;
  afterLoad(() => void import('../pwa/register').then((m) => m.registerServiceWorker()), win);
}

/** Runs `task` SW_DELAY_MS after the page's load event, in idle time. */
export function afterLoad(task: () => void, win: Window = window): void {
  const later = () =>
    win.setTimeout(() => {
      const w = win as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
      if (w.requestIdleCallback) w.requestIdleCallback(task, { timeout: 2000 });
      else task();
    }, SW_DELAY_MS);
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}
