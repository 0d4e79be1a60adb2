// The session on one device: tabs that follow a logout and the next sign-in at once, offline too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import { kv } from './support/local-db';
import { startServer, type RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';
import { listedProductIds } from './support/catalogue';
import { signedInReady } from './shop-steps';
import { cutTabOff, logOutThroughMenu, pathOf, textSeen, watchText } from './device-steps';

/** The second demo member (server/seed/auth.ts): Андрій. */
const ANDRII_PHONE = '380500000002';
const SIGNED_OUT = ['/auth', '/is18'];

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(() => server?.dispose());

describe('two tabs of one browser: a logout, then the next member’s sign-in, in the first', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('an offline second tab leaves her list at once, then comes back as him: never her page as his', async () => {
    const { page: first, context } = browser;
    const base = server.url;
    await signedInReady(first, base);
    const second = await context.newPage();
    second.setDefaultTimeout(20_000);
    await second.goto(`${base}/shop/sticks`);
    await listedProductIds(second);
    await waitForServiceWorker(second);
    // What the second tab must never show from here on: her name, or a catalogue "never loaded"
    // (her list left in place over an emptied database).
    await watchText(second, /Олен|Ковал|не завантажувався|не завантажено/);
    const reconnect = await cutTabOff(second);
    try {
      expect(await second.evaluate(() => navigator.onLine)).toBe(false);

      await first.bringToFront();
      await logOutThroughMenu(first);
      // The second tab leaves her list for the sign-in at once, offline.
      await expect.poll(() => pathOf(second)).toSatisfy((p: string | null) => p !== null && SIGNED_OUT.includes(p));
      await second.locator('[data-testid="screen-auth"], [data-testid="screen-is18"]').first().waitFor();

      // Андрій signs in in the first tab: the second, still offline, follows as him.
      await signInAsDemo(first, base, ANDRII_PHONE);
      await expect.poll(() => pathOf(second)).toBe('/');
      await second.getByTestId('menu-button').waitFor();
      expect(await second.evaluate(() => navigator.onLine)).toBe(false);
      await second.goto(`${base}/profile`);
      await expect.poll(() => second.getByTestId('profile-name').textContent()).toContain('Андрій');
      expect(await kv<string>(second, 'phone')).toBe(ANDRII_PHONE);
      expect(await textSeen(second)).toEqual([]);
    } finally {
      await reconnect();
    }
  });
});
