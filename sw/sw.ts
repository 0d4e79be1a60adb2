/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { installOutboxSync } from './outbox-sync';
import { answerPicture, installPictures, isPicture } from './pictures';
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

// Product and news pictures: a bounded cache filled as they are shown and, after each sync, with
// what the member may open offline; a picture never kept answers, offline, as the page's
// designed placeholder (see ./pictures).
const pictures = installPictures(self);
registerRoute(
  ({ url, request }) => isPicture(url, self.location.origin) && request.method === 'GET',
  ({ request, event }) => answerPicture(pictures, request, self, (p) => event.waitUntil(p)),
);

// The install icons (not precached: the browser asks for them when it offers to install, 171 KB):
// kept once asked for online, so the browser's own request for them never fails offline.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/icons/') && request.method === 'GET',
  new StaleWhileRevalidate({ cacheName: 'icons' }),
);

// A new version waits until the page asks for it («Оновити», spec §4).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The old picture cache (by count only) gives way to `pictures`.
self.addEventListener('activate', (event) => event.waitUntil(Promise.all([self.clients.claim(), caches.delete('media')])));

// Background Sync (Chromium) replays the outbox with the same code as the pages.
installOutboxSync(self);
