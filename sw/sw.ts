/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { dropWorkerCore, installOutboxSync } from './outbox-sync';
import { listenForLogout } from './forget-member';
import { answerPicture, installPictures, isPicture } from './pictures';
import { guardApiFromCacheStorage } from './api-cache-guard';
import { answerNavigation, visitorState } from './navigation';
import { precacheRefill } from './precache-refill';
import { SKIP_WAITING_MESSAGE } from '../src/app/pwa/update-protocol';
import { createLaterShell, listenForLater, splitManifest, type GroupedEntry } from './precache-later';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: GroupedEntry[] };

// Personal answers live in Dexie only: no cache of this worker ever keeps an /api or /mapi answer.
guardApiFromCacheStorage({ Cache, location: self.location });

// The app shell, revisioned, in two groups (scripts/build/precache-groups.ts): what a member
// reaches next is fetched when the worker installs; the rest (other screens, the camera decoder,
// the prerendered pages) when the page says the connection allows, in small batches, and
// cache-first whenever it is asked for before that (./precache-later). Once both are in, the app
// starts and every screen opens with no network.
const { install, later } = splitManifest(self.__WB_MANIFEST);
precacheAndRoute(install);
cleanupOutdatedCaches();
const laterShell = createLaterShell(later, self.location.href, self);
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && laterShell.keyFor(url.href) !== undefined,
  ({ request, event }) => laterShell.answer(request, (p) => event.waitUntil(p)),
);
listenForLater(self, laterShell);
// Put back after the version check (docs/rules.md#states) deleted every cache (see ./precache-refill).
const refillPrecache = precacheRefill(install, self.location.href);

// Any app route loads offline: navigations are answered from the precache (the shell, or a
// prerendered signed-out screen, or the guards' redirect; see ./navigation). Server-side pages
// (API, sandboxes, dev views, images) are not app routes.
registerRoute(
  new NavigationRoute(
    async ({ url, request, event }) => {
      event.waitUntil(refillPrecache().catch(() => undefined));
      const visitor = await visitorState(self as unknown as Parameters<typeof visitorState>[0]);
      return (await answerNavigation(url, visitor, (file) => laterShell.match(file))) ?? fetch(request);
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

// The install icons (not precached: the browser asks for them when it offers to install):
// kept once asked for online, so the browser's own request for them never fails offline.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/icons/') && request.method === 'GET',
  new StaleWhileRevalidate({ cacheName: 'icons' }),
);

// A new version waits until the page asks for it («Оновити», docs/rules.md#states).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});
// The old picture cache (by count only) gives way to `pictures`; the later group's older revisions go.
self.addEventListener('activate', (event) =>
  event.waitUntil(
    Promise.all([self.clients.claim(), caches.delete('media'), laterShell.cleanup().catch(() => undefined)]),
  ),
);

// Background Sync (Chromium) replays the outbox with the same code as the pages.
installOutboxSync(self);
// A logout: the worker drops its copies of the member too (./forget-member).
listenForLogout(self, dropWorkerCore);
