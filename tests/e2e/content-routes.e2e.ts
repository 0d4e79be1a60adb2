import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/app/routes/table';
import { openBrowser, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signInAsDemo, forgetSignIn } from './support/sign-in';
import { switchVariant } from './shop-steps';

/**
 * Route patterns of docs/rules.md#screens (and the paths this area gave the pages docs/rules.md#screens names without one), each
 * with a sample path and the test id its own screen renders. A table meant to grow: add a row per
 * route of another area (its pattern, a sample with real ids, its screen's test id) and the same
 * test checks it, signed in, on glo and on ogo.
 */
const MEMBER_SCREENS: Array<{ pattern: string; path?: string; screen: string }> = [
  { pattern: '/faq', screen: 'screen-faq' },
  { pattern: '/news', screen: 'screen-news' },
  { pattern: '/news/:newsId', path: '/news/1', screen: 'screen-news-item' },
  { pattern: '/vocabulary', screen: 'screen-vocabulary' },
  { pattern: '/vocabulary/velo', screen: 'screen-vocabulary' },
  { pattern: '/vocabulary/ogo-club', screen: 'screen-vocabulary' },
  { pattern: '/glo-studio', screen: 'screen-glo-studio' },
  { pattern: '/go-buy', screen: 'screen-go-buy' },
  { pattern: '/offers', screen: 'screen-offers' },
  { pattern: '/support', screen: 'screen-support' },
  { pattern: '/rules', screen: 'screen-rules' },
  { pattern: '/user-agreement', screen: 'screen-user-agreement' },
  { pattern: '/why-ogo', screen: 'screen-why-ogo' },
  { pattern: '/invite-friend/offer', screen: 'screen-invite-offer' },
  { pattern: '/promo', screen: 'screen-promo' },
  { pattern: '/test-drive', screen: 'screen-test-drive' },
  { pattern: '/test-drive/velo', screen: 'screen-test-drive-velo' },
  { pattern: '/qr', screen: 'screen-qr' },
];

/** Screens of visitors who are not signed in (the guards send members elsewhere). */
const VISITOR_SCREENS: Array<{ pattern: string; path?: string; screen: string }> = [
  { pattern: '/auth', screen: 'screen-auth' },
  { pattern: '/registration', screen: 'screen-registration' },
  { pattern: '/landing', screen: 'screen-landing' },
  { pattern: '/why-ogo', screen: 'screen-why-ogo' },
  { pattern: '/user-agreement', screen: 'screen-user-agreement' },
];

let server: RunningServer;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
  browser.page.on('pageerror', (e) => pageErrors.push(`${browser.page.url()}: ${e.message}`));
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** The distinct hrefs of the page's manifest links. */
const manifestLinks = () =>
  browser.page.evaluate(() => [
    ...new Set(Array.from(document.querySelectorAll('link[rel="manifest"]'), (l) => l.getAttribute('href'))),
  ]);

const titleOf = (pattern: string) => {
  const spec = ROUTES.find((r) => r.path === pattern);
  if (!spec) throw new Error(`${pattern} is not in the route table`);
  return spec.title;
};

/** Opens each row's path and waits for its own screen under its own title; returns the failures. */
async function visit(rows: typeof MEMBER_SCREENS, brand: 'glo' | 'ogo'): Promise<string[]> {
  const { page } = browser;
  const failures: string[] = [];
  for (const row of rows) {
    const path = row.path ?? row.pattern;
    const before = pageErrors.length;
    await page.goto(server.url + path);
    try {
      await page.getByTestId(row.screen).first().waitFor({ timeout: 15_000 });
      if (row.pattern !== '/landing') {
        const title = await page.locator('.app-header__title').textContent();
        if (title !== titleOf(row.pattern)) failures.push(`${path}: title «${title}»`);
      }
      const docTitle = await page.title();
      if (!docTitle.endsWith(`Клуб ${brand}`) && row.pattern !== '/landing')
        failures.push(`${path}: document title «${docTitle}»`);
    } catch {
      failures.push(`${path}: no ${row.screen} (at ${page.url()})`);
    }
    if (pageErrors.length > before) failures.push(...pageErrors.slice(before));
  }
  return failures;
}

describe('routes of content and support: each renders its own screen, signed in, on glo and on ogo, with no page error', () => {
  it('glo', async () => {
    await signInAsDemo(browser.page, server.url);
    expect(await visit(MEMBER_SCREENS, 'glo')).toEqual([]);
    expect(await browser.page.evaluate(() => document.documentElement.dataset.theme)).toBe('glo');
    expect(await manifestLinks()).toEqual(['/manifest.json']);
  });

  it('ogo (the member switches through the side menu)', async () => {
    // From the shop: the switch navigates home (from home it reloads, which would cut off the next goto).
    await switchVariant(browser.page, server.url, 'ogo');
    expect(await visit(MEMBER_SCREENS, 'ogo')).toEqual([]);
    // The installed app's name follows the member's brand too.
    expect(await manifestLinks()).toEqual(['/manifest.json?brand=ogo']);
    const manifest = (await (await fetch(`${server.url}/manifest.json?brand=ogo`)).json()) as { short_name: string };
    expect(manifest.short_name).toBe('Клуб ogo');
  });

  it('signed out: sign-in, registration, the landing and the public pages', async () => {
    const { context } = browser;
    await forgetSignIn(browser.page);
    await context.addCookies([{ name: 'showIs18', value: '1', url: server.url }]);
    expect(await visit(VISITOR_SCREENS, 'glo')).toEqual([]);
    // The ogo landing leads to why-ogo (docs/rules.md#screens navigation), readable before signing in.
    await browser.page.goto(server.url + '/landing');
    expect(await browser.page.getByTestId('landing-why-ogo').getAttribute('href')).toBe('/why-ogo');
    await browser.page.goto(server.url + '/auth');
    expect(await browser.page.getByTestId('auth-kicker').textContent()).toBe('Клуб glo · 18+');
  });
});
