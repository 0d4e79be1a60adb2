// Storage edge: item 16 (the app asks the browser for persistent storage once the member has
// signed in and queued a change of their own, so changes waiting offline are not evicted).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForServiceWorker, type Browser } from './support/browser';
import { kv } from './support/local-db';
import { serverMetafield } from './support/server-api';
import type { RunningServer } from './support/server';
import { closeSession, openSession } from './support/session';
import { addProduct, signedInReady } from './shop-steps';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openSession());
  // Counts the page's calls of the browser's own navigator.storage.persist (the call still goes through).
  await browser.context.addInitScript(() => {
    const original = StorageManager.prototype.persist;
    StorageManager.prototype.persist = function (this: StorageManager) {
      sessionStorage.setItem('persistCalls', String(Number(sessionStorage.getItem('persistCalls') ?? 0) + 1));
      return original.call(this);
    };
  });
});

afterAll(() => closeSession({ server, browser }));

const persistCalls = () => browser.page.evaluate(() => Number(sessionStorage.getItem('persistCalls') ?? 0));

describe('persistent storage', () => {
  it('is not asked for signed out; is asked for once the signed-in member queues a change, and the change still reaches the server', async () => {
    const { page } = browser;
    const base = server.url;
    // Signed out, nothing is asked.
    await page.context().addCookies([{ name: 'showIs18', value: '1', url: base }]);
    await page.goto(`${base}/auth`);
    await page.getByTestId('auth-phone').waitFor({ timeout: 20_000 });
    // Looked at once the app's start is over: its service worker (registered after the first screen settles) controls the page.
    await waitForServiceWorker(page);
    expect(await persistCalls()).toBe(0);

    await signedInReady(page, base);

    await addProduct(page, base, 'sticks', 1);
    await expect.poll(persistCalls, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => navigator.storage.persisted().then(() => true))).toBe(true);

    const token = await kv<string>(page, 'pwaToken');
    const ids = await kv<{ glo: number }>(page, 'customerIds');
    await expect
      .poll(async () => JSON.stringify(await serverMetafield(base, token, ids.glo, 'cart')), { timeout: 20_000 })
      .toContain('"id":1');
  });
});
