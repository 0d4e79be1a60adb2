/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { installOutboxSync } from './outbox-sync';
import { boundedCache } from './bounded-cache';
import { guardApiFromCacheStorage } from './api-cache-guard';
import { answerNavigation, visitorState } from './navigation';
import { precacheRefill } from './precache-refill';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Personal answers live in Dexie only: no cache of this worker ever keeps an /api or /mapi answer.
guardApiFromCacheStorage({ Cache, location: self.location });

// The app shell: every built file, revisioned, so the app starts with no network.
const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest);
cleanupOutdatedCaches();
// Put back after the §4 version check deleted every cache (see ./precache-refill).
const refillPrecache = precacheRefill(manifest, self.location.href);

// Any app route loads offline: navigations are answered from the precache (the shell, or a
// prerendered signed-out screen, or the guards' redirect; see ./navigation). Server-side pages
// (API, sandboxes, dev views, images) are not app routes.
registerRoute(
  new NavigationRoute(
    async ({ url, request, event }) => {
      event.waitUntil(refillPrecache().catch(() => undefined));
      return (await answerNavigation(url, await visitorState(self as unknown as Parameters<typeof visitorState>[0]))) ?? fetch(request);
    },
    { denylist: [/^\/api\//, /^\/mapi\//, /^\/dev\//, /^\/media\//, /^\/sandbox\//] },
  ),
);

// Product and news images: cache first, at most 300 kept.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/media/') && request.method === 'GET',
  new CacheFirst({ cacheName: 'media', plugins: [boundedCache(300)] }),
);

// A new version waits until the page asks for it («Оновити», spec §4).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Background Sync (Chromium) replays the outbox with the same code as the pages.
installOutboxSync(self);
