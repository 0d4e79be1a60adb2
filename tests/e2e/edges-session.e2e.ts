// Session edge: item 15 (a browser killed soon after sign-in loses its cookie jar, while the
// session is stored on the device: on start the app restores what the cookies carried, so the
// member meets neither the age gate nor the sign-in form; a device without a session still does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import { kv } from './support/local-db';
import { serverCall } from './support/server-api';
import { startServer, type RunningServer } from './support/server';
import { signedInReady } from './shop-steps';

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

describe('cookies lost with a killed browser', () => {
  it('come back from the stored session on start: the member lands signed in, no age gate, no sign-in form', async () => {
    const { page, context } = browser;
    const base = server.url;
    await signedInReady(page, base);
    await expect
      .poll(() =>
        kv<{ is18: boolean }>(page, 'cookieSession').then(
          (c) => c.is18,
          () => null,
        ),
      )
      .toBe(true);
    const token = await kv<string>(page, 'pwaToken');

    // The cookie jar is gone (never written to disk), the device's database is not.
    await context.clearCookies();
    await page.goto(`${base}/`);
    await page.getByTestId('menu-button').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('auth-phone').count()).toBe(0);
    const cookies = await context.cookies(base);
    expect(cookies.find((c) => c.name === 'usertoken')?.value).toBe(token);
    expect(cookies.find((c) => c.name === 'showIs18')?.value).toBe('1');
    // The restored session is the server's live one.
    expect(
      (await serverCall<{ balance: number }>(base, token, '/api/get-balance?v=glo')).balance,
    ).toBeGreaterThanOrEqual(0);
  });

  it('a device without a stored session still meets the age gate', async () => {
    const fresh = await openBrowser();
    try {
      await fresh.page.goto(`${server.url}/`);
      await fresh.page.waitForURL(`${server.url}/is18`);
      await fresh.page.getByText('Тобі вже є 18?').first().waitFor();
      // Looked at once the app's start is over: its service worker (registered after the first screen settles) controls the page.
      await waitForServiceWorker(fresh.page);
      expect(new URL(fresh.page.url()).pathname).toBe('/is18');
      expect((await fresh.context.cookies(server.url)).find((c) => c.name === 'usertoken')).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });
});
