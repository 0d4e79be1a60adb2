import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import { rows } from './support/local-db';
import { startServer, type RunningServer } from './support/server';
import { logOutThroughMenu, signInAsDemo } from './support/sign-in';

/*
 * personal answers are never cached. The server sends every /api answer with
 * `Cache-Control: no-store`; the service worker keeps none of them in Cache Storage
 * (sw/api-cache-guard.ts); only the local database holds personal data, and logout empties it.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** Every URL in every cache of Cache Storage, as the page sees them. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys())
      for (const req of await (await caches.open(name)).keys()) out.push(new URL(req.url).pathname);
    return out;
  });
}

const isApi = (path: string) => /^\/(api|mapi)(\/|$)/.test(path);

/** Stores that hold what the member's account says (src/db/schema.ts). */
const PERSONAL = [
  'orders',
  'xpBalance',
  'xpHistory',
  'scans',
  'scanHistory',
  'devices',
  'certificates',
  'cart',
  'favourites',
  'outbox',
  'docs',
  'feedback',
  'multiscans',
  'callBacks',
];

async function personalRows(page: Page): Promise<number> {
  let n = 0;
  for (const store of PERSONAL) n += (await rows(page, store)).length;
  return n;
}

describe('personal data: never in Cache Storage, gone at logout', () => {
  it('the member’s screens fill the local database; every /api answer said no-store; Cache Storage holds none of them', async () => {
    const { page, context } = browser;
    const apiAnswers: Array<{ path: string; cacheControl: string | undefined }> = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (isApi(path)) apiAnswers.push({ path, cacheControl: r.headers()['cache-control'] });
    });
    await signInAsDemo(page, server.url);
    await waitForServiceWorker(page);
    for (const path of [
      '/history-order',
      '/history-bonuses',
      '/my-devices',
      '/profile/referral',
      '/shop/favorite',
      '/',
    ]) {
      await page.goto(`${server.url}${path}`);
      await page.locator('.app-header__title').first().waitFor({ timeout: 15_000 });
    }
    // The balance and the favourites came from the server into the local database.
    await expect.poll(async () => (await rows(page, 'xpBalance')).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await rows(page, 'favourites')).length, { timeout: 20_000 }).toBeGreaterThan(0);

    expect(apiAnswers.length).toBeGreaterThan(5);
    expect(apiAnswers.filter((a) => a.cacheControl !== 'no-store')).toEqual([]);
    const cached = await cachedUrls(page);
    expect(cached.length).toBeGreaterThan(10);
    expect(cached.filter(isApi)).toEqual([]);

    // Even code in the worker that tries cannot put an API answer in a cache; other answers go in.
    const [sw] = context.serviceWorkers();
    const kept = await sw!.evaluate(async () => {
      const cache = await caches.open('probe');
      await cache.put(new Request('/api/get-balance?v=glo'), new Response('{"balance":820}'));
      await cache.put('/mapi/multiscan/load', new Response('{}'));
      await cache.put('/media/probe.svg', new Response('<svg/>'));
      const urls = (await cache.keys()).map((r) => new URL(r.url).pathname);
      await caches.delete('probe');
      return urls;
    });
    expect(kept).toEqual(['/media/probe.svg']);
  });

  it('logout empties every store of personal data and clears the session cookies; Cache Storage still holds no API answer', async () => {
    const { page, context } = browser;
    await page.goto(`${server.url}/`);
    expect(await personalRows(page)).toBeGreaterThan(1);
    await logOutThroughMenu(page);
    for (const store of PERSONAL) expect(await rows(page, store), store).toEqual([]);
    const kvKeys = (await rows<{ key: string }>(page, 'kv')).map((r) => r.key);
    for (const key of ['pwaToken', 'customerIds']) expect(kvKeys).not.toContain(key);
    const cookies = (await context.cookies(server.url)).map((c) => c.name);
    for (const name of ['usertoken', 'pwaToken', 'ogoAuthToken', 'cacheShopUserInfo'])
      expect(cookies).not.toContain(name);
    expect((await cachedUrls(page)).filter(isApi)).toEqual([]);
  });
});
