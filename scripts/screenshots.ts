// Screenshots of the app at 390x844 in headless Chromium against the real server, for review:
// `npx tsx scripts/screenshots.ts [path ...]` writes screenshots/<name>.png (git-ignored).
import { mkdirSync } from 'node:fs';
import { buildIfStale } from './build-if-stale';
import { openBrowser } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';

const DEFAULT = ['/', '/shop', '/shop/cart', '/faq', '/profile', '/history-order', '/auth', '/is18', '/no-such-page', '/shop/sticks/12'];
const paths = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT;

buildIfStale();
mkdirSync('screenshots', { recursive: true });
const server = await startServer();
const browser = await openBrowser();
try {
  const { page, context } = browser;
  const signIn = !paths.every((p) => p === '/auth' || p === '/is18');
  await context.addCookies([{ name: 'showIs18', value: '1', url: server.url }]);
  for (const path of paths) {
    const signedOut = path === '/auth' || path === '/is18' || path === '/registration';
    if (path === '/is18') await context.clearCookies();
    if (signIn && !signedOut) await context.addCookies([{ name: 'usertoken', value: 'demo', url: server.url }]);
    else await context.clearCookies({ name: 'usertoken' });
    if (path !== '/is18') await context.addCookies([{ name: 'showIs18', value: '1', url: server.url }]);
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(400);
    const name = path === '/' ? 'home' : path.slice(1).replace(/\//g, '_');
    await page.screenshot({ path: `screenshots/${name}.png` });
    console.log(`screenshots/${name}.png`);
  }
  if (paths === DEFAULT) {
    await context.addCookies([{ name: 'usertoken', value: 'demo', url: server.url }]);
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
