// Screenshots of the app at 390x844 in headless Chromium against the real server, for review:
// `npx tsx scripts/screenshots.ts [--ogo] [path ...]` writes screenshots/<name>.png (git-ignored);
// with `--ogo` the member switches to the ogo variant first (through the side menu) and the
// files are named <name>.ogo.png.
// Member screens are taken signed in for real (the demo phone through /auth, docs/rules.md#roles allow-list).
import { mkdirSync } from 'node:fs';
import type { Cookie } from 'playwright-core';
import { buildIfStale } from './build-if-stale';
import { openBrowser } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { signInAsDemo } from '../tests/e2e/support/sign-in';

const DEFAULT = [
  '/',
  '/shop',
  '/shop/cart',
  '/faq',
  '/profile',
  '/history-order',
  '/auth',
  '/is18',
  '/no-such-page',
  '/shop/sticks/12',
];
const args = process.argv.slice(2);
const ogo = args.includes('--ogo');
const given = args.filter((a) => a !== '--ogo');
const paths = given.length ? given : DEFAULT;
/** Screens of visitors who are not signed in (their guards send members elsewhere). */
const SIGNED_OUT = new Set(['/auth', '/is18', '/registration', '/landing']);

buildIfStale();
mkdirSync('screenshots', { recursive: true });
const server = await startServer();
const browser = await openBrowser();
try {
  const { page, context } = browser;
  let userCookie: Cookie | null = null;
  for (const path of paths) {
    if (SIGNED_OUT.has(path)) {
      await context.clearCookies({ name: 'usertoken' });
      if (path === '/is18') await context.clearCookies({ name: 'showIs18' });
      else await context.addCookies([{ name: 'showIs18', value: '1', url: server.url }]);
    } else if (!userCookie) {
      await signInAsDemo(page, server.url);
      if (ogo) {
        // From the shop the switch navigates home: waited for, so it cannot cut off the next goto.
        await page.goto(server.url + '/shop');
        await page.getByTestId('menu-button').click();
        await page.getByTestId('variant-switch').click();
        await page.waitForURL(server.url + '/', { timeout: 20_000 });
        await page.waitForFunction(() => document.documentElement.dataset.theme === 'ogo', null, { timeout: 20_000 });
        await page.waitForLoadState('networkidle');
      }
      userCookie = (await context.cookies(server.url)).find((c) => c.name === 'usertoken') ?? null;
    } else {
      await context.addCookies([userCookie, { name: 'showIs18', value: '1', url: server.url }]);
    }
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(600);
    const name = (path === '/' ? 'home' : path.slice(1).replace(/\//g, '_')) + (ogo ? '.ogo' : '');
    await page.screenshot({ path: `screenshots/${name}.png` });
    console.log(`screenshots/${name}.png`);
  }
  if (paths === DEFAULT && userCookie) {
    await context.addCookies([userCookie]);
    await page.goto(server.url + '/', { waitUntil: 'networkidle' });
    await page.getByTestId('menu-button').click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: 'screenshots/menu.png' });
    console.log('screenshots/menu.png');
  }
} finally {
  await browser.close();
  await server.dispose();
}
