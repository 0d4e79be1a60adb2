// One build, many deployments: the app sends the API key the server serving it was started with,
// not the one it was built with (the build's is dev-public-key), and a deployment that changes its
// key reaches an installed app as a new version («Оновити»), not frozen in the precached pages.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';

const FIRST_KEY = 'first-deployment-key';
const SECOND_KEY = 'second-deployment-key';

let server: RunningServer;
let browser: Browser;
/** The page's API calls: the key each sent and the status it got. */
let calls: Array<{ path: string; key: string | undefined; status: number }> = [];

beforeAll(async () => {
  server = await startServer({ API_KEY: FIRST_KEY });
  browser = await openBrowser();
  browser.page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') || path.startsWith('/mapi/'))
      calls.push({ path, key: r.request().headers()['x-api-key'], status: r.status() });
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** The shell the service worker keeps for offline starts and reads its own key from. */
const precachedShell = (page: Page) =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('workbox-precache'));
    const cache = name ? await caches.open(name) : null;
    const key = (await cache?.keys())?.find((r) => new URL(r.url).pathname === '/index.html');
    return key ? ((await (await cache!.match(key))?.text()) ?? '') : '';
  });

/** The key a page's club-config tag carries, as the app reads it. */
const keyIn = (html: string) => /&quot;apiKey&quot;:&quot;([^&]*)&quot;/.exec(html)?.[1];

describe('the API key of the deployment, given at run time', () => {
  it('signs in and loads with the key the server was started with; the precached shell carries it', async () => {
    const { page } = browser;
    await signInAsDemo(page, server.url);
    await page.goto(`${server.url}/shop/sticks`);
    await page.getByTestId('product-card').first().waitFor({ timeout: 20_000 });
    expect(calls.filter((c) => c.status === 200).length).toBeGreaterThan(2);
    expect(calls.filter((c) => c.key !== FIRST_KEY || c.status === 401)).toEqual([]);
    await waitForServiceWorker(page);
    await expect.poll(async () => keyIn(await precachedShell(page)), { timeout: 20_000 }).toBe(FIRST_KEY);
  });

  it('a new key on the same build: the installed app is offered the new version and then sends that key', async () => {
    const { page } = browser;
    await server.restart({ API_KEY: SECOND_KEY });
    // The app's own hourly look for a new worker, done now.
    await page.evaluate(async () => void (await (await navigator.serviceWorker.getRegistration())?.update()));
    const update = page.getByRole('button', { name: 'Оновити' });
    await update.waitFor({ timeout: 30_000 });
    await update.click();
    await page.waitForFunction(
      (key) => document.querySelector('meta[name="club-config"]')?.getAttribute('content')?.includes(key),
      SECOND_KEY,
      { timeout: 30_000 },
    );
    calls = [];
    await page.goto(`${server.url}/shop/sticks`);
    await page.getByTestId('product-card').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => calls.filter((c) => c.status === 200).length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(calls.filter((c) => c.key !== SECOND_KEY || c.status === 401)).toEqual([]);
    expect(keyIn(await precachedShell(page))).toBe(SECOND_KEY);
  });
});
