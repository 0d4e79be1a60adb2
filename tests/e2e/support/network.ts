import type { BrowserContext } from 'playwright-core';

/**
 * Cuts the network of a browser profile: the page's own requests and the service worker's
 * (`setOffline` alone does not stop the worker's fetches, docs/architecture.md#tests).
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/*');
  await context.setOffline(false);
}

/** Runs `body` with the network cut, and brings it back whatever happens. */
export async function whileOffline<T>(context: BrowserContext, body: () => Promise<T>): Promise<T> {
  await goOffline(context);
  try {
    return await body();
  } finally {
    await goOnline(context);
  }
}
