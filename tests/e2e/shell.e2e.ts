import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import type { RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';
import { closeSession, openSession } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openSession());
  // Signed in for real (docs/rules.md#roles: the usertoken cookie and the session on the device; a cookie
  // alone is logged out by the token check) and past the age question.
  await signInAsDemo(browser.page, server.url);
});

afterAll(() => closeSession({ server, browser }));

const heading = () => browser.page.locator('.app-header__title');
/** Waits until the header shows `title` (the URL changes before the lazy page renders). */
const headingIs = (title: string) =>
  browser.page.locator('.app-header__title', { hasText: title }).waitFor({ timeout: 10_000 });

describe('app shell (walking skeleton)', () => {
  it('is controlled by the service worker', async () => {
    const { page } = browser;
    await page.goto(server.url + '/');
    await waitForServiceWorker(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${server.url}/sw.js`);
  });

  it('is installable: Chromium reports no installability errors', async () => {
    const cdp = await browser.context.newCDPSession(browser.page);
    await browser.page.goto(server.url + '/');
    const r = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    expect(r.installabilityErrors).toEqual([]);
    const manifest = (await (await fetch(`${server.url}/manifest.json`)).json()) as {
      lang: string;
      display: string;
      icons: Array<{ purpose?: string }>;
    };
    expect(manifest.lang).toBe('uk');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  });

  it('sends the back arrow on /shop/checkout to /shop/payment and on /vocabulary/velo to /faq', async () => {
    const { page } = browser;
    await page.goto(server.url + '/shop/checkout');
    await page.getByTestId('back').click();
    await page.waitForURL(`${server.url}/shop/payment`);
    await headingIs('Оплата');
    await page.goto(server.url + '/vocabulary/velo');
    await page.getByTestId('back').click();
    await page.waitForURL(`${server.url}/faq`);
    await headingIs('Питання та відповіді');
  });

  it('shows the 404 page for an unknown path and for a bad detail id', async () => {
    const { page } = browser;
    await page.goto(server.url + '/no/such/page');
    expect(await page.locator('h1').textContent()).toBe('404');
    expect(await page.title()).toBe('Сторінку не знайдено');
    await page.getByRole('link', { name: 'На головну' }).isVisible();
    await page.goto(server.url + '/shop/sticks/not-a-number');
    expect(await page.locator('.not-found h1').textContent()).toBe('404');
  });

  it('opens the side menu, locks page scroll, and closes it on navigation', async () => {
    const { page } = browser;
    await page.goto(server.url + '/');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('side-menu').waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(true);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Новини' }).click();
    await page.waitForURL(`${server.url}/news`);
    await page.getByTestId('side-menu').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(false);
  });

  it('sends a signed-out visitor to the age question, then to /auth', async () => {
    // A device with no stored sign-in (a member's device whose cookies were lost gets them back: edges-session).
    const visitor = await openBrowser();
    try {
      await visitor.page.goto(server.url + '/shop');
      await visitor.page.waitForURL(`${server.url}/is18`);
      await visitor.page.getByRole('button', { name: 'Так, мені є 18' }).click();
      await visitor.page.waitForURL(`${server.url}/auth`);
    } finally {
      await visitor.close();
    }
  });

  it('still renders after a reload and on a deep link with the network cut', async () => {
    const { page, context } = browser;
    await page.goto(server.url + '/');
    await waitForServiceWorker(page);
    // Warm the lazy pages once, as a member would have, then cut everything.
    await page.goto(server.url + '/faq');
    await heading().waitFor();
    await server.stop();
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    try {
      await page.reload();
      await headingIs('Питання та відповіді');
      await page.goto(server.url + '/history-order');
      await headingIs('Історія покупок');
      await page.goto(server.url + '/shop/ogo-velo/5');
      // A product's header names its list («Товар» alone said nothing).
      await headingIs('velo');
      expect(await heading().textContent()).toBe('velo');
    } finally {
      await context.unroute('**/*');
      await server.start();
    }
  });
});
