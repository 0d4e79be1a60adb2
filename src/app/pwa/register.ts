import { registerSW } from 'virtual:pwa-register';
import { toasts } from '../../ui/toast-store';
import { schedulePrecacheLater } from './precache-later';

/** Spec §9: look for a new build once an hour. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;
const OFFLINE_READY_KEY = 'offlineReadyShown';

/**
 * Registers the service worker (scope /). A waiting new version is offered with «Оновити»
 * (it activates, and the page reloads — spec §4); offline readiness is announced once.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  /** «Оновити» was pressed: the page reloads once the new worker controls it. */
  let updateAsked = false;
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      toasts.show('Доступна нова версія застосунку.', {
        durationMs: null,
        action: {
          label: 'Оновити',
          run: () => {
            updateAsked = true;
            void updateSW(true);
          },
        },
      });
    },
    onOfflineReady() {
      if (localStorage.getItem(OFFLINE_READY_KEY)) return;
      localStorage.setItem(OFFLINE_READY_KEY, '1');
      toasts.show('Застосунок готовий працювати без інтернету.', { kind: 'success' });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // The precache's later group, when the connection allows (./precache-later).
      schedulePrecacheLater();
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    onRegisterError(e: unknown) {
      console.error('[sw] registration failed', e);
    },
  });
  const hadController = Boolean(navigator.serviceWorker.controller);
  // Another tab activated a new worker (spec §4 "external activation"), or «Оновити» here did:
  // load the new version. The page of a first visit, which the first worker claimed after it
  // loaded, reloads only for «Оновити» (vite-plugin-pwa's own reload waits for a page controlled
  // from its start, so there «Оновити» activated the new version and nothing seemed to happen).
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading || !(hadController || updateAsked)) return;
    reloading = true;
    window.location.reload();
  });
}
