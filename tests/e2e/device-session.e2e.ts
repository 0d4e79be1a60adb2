// The session on one device: changes lost with a database the browser wiped are said, and the
// member stays signed in; tabs follow a logout and the next sign-in at once, offline too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import { kv } from './support/local-db';
import { startServer, type RunningServer } from './support/server';
import { logOutThroughMenu, signInAsDemo } from './support/sign-in';
import { listedProductIds } from './support/catalogue';
import { productCard, signedInReady } from './shop-steps';
import { freshCodes } from './support/camera';
import { goOffline, goOnline } from './support/network';
import { queuedChanges } from './support/local-db';
import { creditedTimes, drained, member, openManualEntry, typeCodes } from './faults-steps';
import { cutTabOff, pathOf, textSeen, watchText } from './device-steps';

/** The second demo member (server/seed/auth.ts): Андрій. */
const ANDRII_PHONE = '380500000002';
const SIGNED_OUT = ['/auth', '/is18'];

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(() => server?.dispose());

describe('the browser wipes the app’s database while changes wait (storage pressure, «clear data»)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('on reopening the member is still signed in (no age gate) and told how many changes of what kind were lost', async () => {
    const { page, context } = browser;
    const base = server.url;
    await signedInReady(page, base);
    const { token } = await member(page);
    const codes = await freshCodes(base, 'glo', 3);
    await page.goto(`${base}/shop/sticks`);
    const [fav] = await listedProductIds(page);
    await openManualEntry(page, base);
    await page.goto(`${base}/shop/sticks`);
    await productCard(page, fav!).waitFor();
    await drained(page);

    await goOffline(context);
    try {
      const heart = productCard(page, fav!).getByTestId('favourite-toggle');
      const before = await heart.getAttribute('aria-pressed');
      await heart.click();
      await expect.poll(() => heart.getAttribute('aria-pressed')).not.toBe(before);
      await typeCodes(page, base, codes);
      expect((await queuedChanges(page)).map((e) => e.kind).sort()).toEqual([
        'favourite-toggle',
        'scan-code',
        'scan-code',
        'scan-code',
      ]);

      // The member leaves the app; the browser wipes its database (the site's IndexedDB), cookies spared.
      const blank = await context.newPage();
      await page.close();
      const cdp = await context.newCDPSession(blank);
      await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'indexeddb' });
      await cdp.detach();
      browser.page = blank;
    } finally {
      await goOnline(context);
    }

    const page2 = browser.page;
    page2.setDefaultTimeout(20_000);
    await page2.goto(`${base}/shop/sticks`);
    const notice = page2.getByTestId('lost-changes');
    await notice.waitFor();
    const said = await notice.textContent();
    expect(said).toContain('не надіслано');
    expect(said).toContain('3 скани');
    expect(said).toContain('1 зміну обраного');
    // Still signed in, on the screen asked for: no age gate, no sign-in form.
    expect(await pathOf(page2)).toBe('/shop/sticks');
    await page2.getByTestId('menu-button').waitFor();
    await page2.goto(`${base}/profile`);
    await expect.poll(() => page2.getByTestId('profile-name').textContent()).toContain('Олена');
    expect(await kv<string>(page2, 'pwaToken')).toBe(token);
    // The notice stays on her screens until she has read it.
    await page2.getByTestId('lost-changes').getByRole('button', { name: 'Зрозуміло' }).click();
    await page2.reload();
    await page2.getByTestId('profile-name').waitFor();
    expect(await page2.getByTestId('lost-changes').count()).toBe(0);
    // What the notice says is what happened: the codes never reached the server.
    expect(await creditedTimes(base, token, codes)).toEqual([0, 0, 0]);
  });
});

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
