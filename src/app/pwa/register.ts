import { toasts } from '../../ui/toast-store';
import { applyUpdate, updateOutcome } from './apply-update';
import { schedulePrecacheLater } from './precache-later';
import { watchForNewBuild } from './update-checks';
import { appUpdate } from './update-state';

export { UPDATE_CHECK_MS } from './update-checks';
const OFFLINE_READY_KEY = 'offlineReadyShown';

/** Calls `then` whenever a new version of the worker waits behind the one controlling the page. */
function whenWaiting(reg: ServiceWorkerRegistration, container: ServiceWorkerContainer, then: () => void): void {
  const consider = () => {
    if (reg.waiting && container.controller) then();
  };
  const track = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') consider();
    });
  consider();
  track(reg.installing);
  reg.addEventListener('updatefound', () => track(reg.installing));
}

/**
 * Registers the service worker (scope /) and looks for new builds while the app is open (hourly,
 * and when it is shown again or the network returns: ./update-checks). A waiting new version is
 * offered on every screen (./update-prompt.tsx); «Оновити» ends on the new build or says why not
 * (./apply-update.ts). A new version taking over, here or from another tab, reloads the page
 * (docs/rules.md#states); offline readiness is announced once.
 */
export function registerServiceWorker(): void {
  const container = navigator.serviceWorker;
  if (!container) return;
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  // Whether a worker controlled the page before this change: the first worker taking a new
  // page over is no new version (it only makes the app work offline).
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (controlled) reload();
    else if (!localStorage.getItem(OFFLINE_READY_KEY)) {
      localStorage.setItem(OFFLINE_READY_KEY, '1');
      toasts.show('Застосунок готовий працювати без інтернету.', { kind: 'success' });
    }
    controlled = true;
  });
  void container
    .register('/sw.js', { scope: '/' })
    .then((reg) => {
      // The precache's later group, when the connection allows (./precache-later).
      schedulePrecacheLater();
      if (updateOutcome(sessionStorage, Boolean(reg.waiting && container.controller)) === 'stuck') appUpdate.stuck();
      // The newest one waiting when «Оновити» is tapped (a later build replaces an earlier one that waited).
      whenWaiting(reg, container, () =>
        appUpdate.offer(() => applyUpdate({ waiting: reg.waiting, container, storage: sessionStorage, reload })),
      );
      watchForNewBuild({
        check: () => reg.update(),
        online: () => navigator.onLine,
        now: Date.now,
        doc: document,
        win: window,
      });
    })
    .catch((e: unknown) => console.error('[sw] registration failed', e));
}
