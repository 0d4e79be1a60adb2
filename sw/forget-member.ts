/// <reference lib="webworker" />
import { FORGET_MEMBER_MESSAGE } from '../src/app/pwa/logout-protocol';
import { SCREENS_CACHE } from '../src/app/snapshot/store';
import { isApiRequest } from './api-cache-guard';

/**
 * What this worker forgets when the member logs out: what it holds in memory (`dropMemory`: its
 * connection to the database, whose late writes must fail rather than land after the reset), the
 * kept screens, and any API answer in any cache (none should be there: ./api-cache-guard).
 * Product pictures and the app's own files stay.
 */
export async function forgetMember(base: string, dropMemory: () => void): Promise<void> {
  dropMemory();
  await caches.delete(SCREENS_CACHE);
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) if (isApiRequest(request, base)) await cache.delete(request);
  }
}

/** Answers the page's logout message (src/app/pwa/forget-member.ts) on the port it sent, once done. */
export function listenForLogout(scope: ServiceWorkerGlobalScope, dropMemory: () => void): void {
  scope.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type !== FORGET_MEMBER_MESSAGE) return;
    const done = forgetMember(scope.location.href, dropMemory)
      .catch(() => undefined)
      .then(() => event.ports[0]?.postMessage('forgotten'));
    event.waitUntil(done);
  });
}
