import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST } from '../../scripts/build-if-stale';
import type { BuildPlan } from '../../scripts/build/first-load';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import { goOffline, goOnline } from './support/network';
import type { RunningServer } from './support/server';
import { DEMO_PHONE } from './support/sign-in';
import { closeSession, openSession } from './support/session';

/*
 * A new visitor's first load: the server decides the guards' redirects before any
 * script, the signed-out screens arrive prerendered (their first paint needs no script) and become
 * the working app once it loads, what was typed meanwhile included; offline, the service worker
 * decides the same way.
 */
let server: RunningServer;
let browser: Browser;
const plan = () => JSON.parse(readFileSync(join(DIST, 'club-routes.json'), 'utf8')) as BuildPlan;

beforeAll(async () => {
  ({ server, browser } = await openSession());
  browser.page.setDefaultTimeout(20_000);
});

afterAll(() => closeSession({ server, browser }));

describe('a new visitor’s first screen', () => {
  it('is answered by the server: / is the age question itself (no redirect), whose HTML names its own chunk', async () => {
    const root = await fetch(`${server.url}/?ref=REW-OLENA7`, { redirect: 'manual' });
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('data-prerendered="/is18"');
    const html = await (await fetch(`${server.url}/is18`)).text();
    expect(html).toContain('data-prerendered="/is18"');
    const page = plan().routes.find((r) => r.path === '/is18')!.preload.out[0]!;
    expect(page).toMatch(/\/assets\/is18-page-/);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="${page}">`);
    // A member asking for sign-in is sent home, before any script.
    const member = await fetch(`${server.url}/auth`, {
      redirect: 'manual',
      headers: { cookie: 'usertoken=x; showIs18=1' },
    });
    expect(member.headers.get('location')).toBe('/');
  });

  it('paints with no script at all: the age question, sign-in, registration and the landing', async () => {
    const context = browser.context;
    await context.route('**/*.js', (route) => route.abort());
    try {
      const { page } = browser;
      // At / itself (the app, when it runs, shows the age question's own address).
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'Так, мені є 18' }).waitFor();
      await page.getByRole('heading', { name: 'Тобі вже є 18?', level: 1 }).waitFor();
      await context.addCookies([{ name: 'showIs18', value: '1', url: server.url }]);
      await page.goto(`${server.url}/auth`);
      await page.getByTestId('auth-phone').waitFor();
      await page.goto(`${server.url}/registration`);
      expect(await page.locator('main form').count()).toBe(1);
      await page.goto(`${server.url}/landing`);
      expect((await page.locator('main').textContent())!.length).toBeGreaterThan(50);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('ogo');
    } finally {
      await context.unroute('**/*.js');
      await context.clearCookies();
    }
  });

  it('becomes the app: the bar shows /is18, «yes» leads to sign-in, and a phone typed before the app was ready signs in', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/`);
    await page.waitForURL(`${server.url}/is18`);
    await page.getByRole('button', { name: 'Так, мені є 18' }).click();
    await page.waitForURL(`${server.url}/auth`);
    await page.getByTestId('auth-phone').waitFor();
    // Another visitor, whose app chunk is held back until the phone is typed (a slow network).
    const slow = await openBrowser();
    try {
      slow.page.setDefaultTimeout(20_000);
      await slow.context.addCookies([{ name: 'showIs18', value: '1', url: server.url }]);
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let heldBack = 0;
      await slow.context.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
        heldBack += 1;
        await held;
        await route.continue();
      });
      const rerendered: string[] = [];
      slow.page.on(
        'console',
        (m) => m.text().includes('prerendered screen was rendered again') && rerendered.push(m.text()),
      );
      await slow.page.goto(`${server.url}/auth`, { waitUntil: 'commit' });
      await slow.page.getByTestId('auth-phone').fill(DEMO_PHONE);
      // Until the app has the screen, its button waits (a tap would be lost).
      expect(await slow.page.getByTestId('auth-submit').isDisabled()).toBe(true);
      expect(heldBack).toBe(1);
      await slow.page.evaluate(
        () =>
          ((window as unknown as { prerendered: Element | null }).prerendered = document.querySelector('main form')),
      );
      release();
      await expect.poll(() => slow.page.getByTestId('auth-submit').isEnabled(), { timeout: 20_000 }).toBe(true);
      // The app took over the prerendered screen in place (hydrated), it did not render it again.
      expect(
        await slow.page.evaluate(
          () =>
            document.querySelector('main form') === (window as unknown as { prerendered: Element | null }).prerendered,
        ),
      ).toBe(true);
      expect(rerendered).toEqual([]);
      await slow.page.getByTestId('auth-submit').click();
      await slow.page.waitForURL(`${server.url}/`);
      await slow.page.getByTestId('menu-button').waitFor();
    } finally {
      await slow.close();
    }
  });

  it('is decided by the service worker offline just as by the server', async () => {
    const { page, context } = browser;
    await waitForServiceWorker(page);
    await context.clearCookies();
    await goOffline(context);
    try {
      await page.goto(`${server.url}/shop/sticks`);
      await page.waitForURL(`${server.url}/is18`);
      await page.getByRole('button', { name: 'Так, мені є 18' }).click();
      await page.waitForURL(`${server.url}/auth`);
      await page.getByTestId('auth-phone').waitFor();
      // Offline, sign-in says so rather than failing silently (the screen works).
      expect(await page.getByTestId('auth-submit').isVisible()).toBe(true);
    } finally {
      await goOnline(context);
    }
  });
});
