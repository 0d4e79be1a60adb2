import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForLaterPrecache, waitForServiceWorker, type Browser } from './support/browser';
import { rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import type { RunningServer } from './support/server';
import { closeSession, openSession } from './support/session';
import { logOutThroughMenu, signInAsDemo } from './support/sign-in';

/*
 * A member's repeat visit: the screen seen last time is in the service worker's very
 * answer (painted before any script or the local database), inert, and the live screen takes
 * over and works; offline too. A kept screen is never shown to anyone else.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openSession({
    timeout: 20_000,
    ready: async (page, base) => {
      await signInAsDemo(page, base);
      await waitForServiceWorker(page);
    },
  }));
});

afterAll(() => closeSession({ server, browser }));

const firstCard = '[data-testid="product-card"]:not(.is-out)';

/** Opens the list online and waits until its look is kept (a second after it settles). */
async function seeSticks(): Promise<string> {
  const { page } = browser;
  await page.goto(`${server.url}/shop/sticks`);
  await page.locator(`${firstCard} img`).first().waitFor();
  const title = (await page.locator(`${firstCard} .product-card__title`).first().textContent())!;
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('screen:/shop/sticks')?.length ?? 0), { timeout: 15_000 })
    .toBeGreaterThan(1000);
  // The service worker's copy (Cache Storage) is written a moment after the localStorage one.
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          Boolean(await (await caches.open('club-screens')).match(`/__screens/${encodeURIComponent('/shop/sticks')}`)),
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
  return title;
}

describe('a member’s repeat visit', () => {
  it('gets the screen in the HTML itself, inert and without test ids, then the live screen that works', async () => {
    const { page } = browser;
    const title = await seeSticks();
    const answer = await page.goto(`${server.url}/shop/sticks`);
    const html = await answer!.text();
    expect(html).toContain('<div class="screen-snapshot" inert aria-hidden="true">');
    expect(html).toContain(title);
    const kept = html.slice(html.indexOf('<div class="screen-snapshot"'));
    expect(kept).not.toContain('data-testid');
    // The first view's pictures come inside the copy as bitmaps (decoded off the main thread), not as drawings to parse.
    expect(kept.match(/src="data:image\/webp;base64,/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(kept).not.toContain('data:image/svg+xml');
    // The live screen replaces the copy, and its buttons work.
    await page.locator('#root > .app-root').waitFor({ state: 'attached' });
    expect(await page.locator('.screen-snapshot').count()).toBe(0);
    const before = (await rows<{ count: number; variant: string }>(page, 'cart'))
      .filter((l) => l.variant === 'glo')
      .reduce((n, l) => n + l.count, 0);
    await page.locator(`${firstCard} [data-testid="add-to-cart"]`).first().click();
    await expect
      .poll(async () =>
        (await rows<{ count: number; variant: string }>(page, 'cart'))
          .filter((l) => l.variant === 'glo')
          .reduce((n, l) => n + l.count, 0),
      )
      .toBe(before + 1);
  });

  it('opens offline from the kept screen, and the live screen still works offline', async () => {
    const { page, context } = browser;
    const title = await seeSticks();
    // The news screen's code comes with the precache's later group: in before the network goes.
    await waitForLaterPrecache(page);
    await goOffline(context);
    try {
      await page.reload();
      await page.getByText(title).first().waitFor();
      await page.locator('#root > .app-root').waitFor({ state: 'attached' });
      await page.getByTestId('menu-button').click();
      await page.getByTestId('side-menu').waitFor();
      await page.getByTestId('side-menu').getByRole('link', { name: 'Новини' }).click();
      await page.waitForURL(`${server.url}/news`);
      await page.getByTestId('side-menu').waitFor({ state: 'detached' });
      await page.getByTestId('news-list').waitFor();
    } finally {
      await goOnline(context);
    }
  });

  it('never shows a kept screen to another member: logging out forgets them, another sign-in gets none', async () => {
    const { page } = browser;
    await seeSticks();
    await logOutThroughMenu(page);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('screen:')))).toEqual([]);
    await signInAsDemo(page, server.url, '380500000002');
    const answer = await page.goto(`${server.url}/shop/sticks`);
    expect(await answer!.text()).not.toContain('<div class="screen-snapshot"');
  });
});
