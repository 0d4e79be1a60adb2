// The precache after a first visit is sized for a poor connection. The worker installs
// with the shell and the screens a member reaches next; the other screens, the camera decoder and
// the prerendered pages come when Network Information says the connection allows — and a screen of
// that later group opened online before its turn is kept, so it opens offline too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROUTES } from '../../src/app/routes/table';
import { openBrowser, waitForLaterPrecache, waitForServiceWorker, type Browser } from './support/browser';
import { goOffline, goOnline } from './support/network';
import { startServer, type RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';

let server: RunningServer;
let later: string[];
let install: string[];

beforeAll(async () => {
  server = await startServer();
  const sw = await (await fetch(`${server.url}/sw.js`)).text();
  const entries = [...sw.matchAll(/\{[^{}]*"url":"([^"]+)"[^{}]*\}/g)].map((m) => ({
    url: m[1]!,
    later: m[0].includes('"later":true'),
  }));
  later = entries.filter((e) => e.later).map((e) => e.url);
  install = entries.filter((e) => !e.later).map((e) => e.url);
});

afterAll(async () => {
  await server?.dispose();
});

const titleOf = (path: string) => ROUTES.find((r) => r.path === path)!.title;
const headingIs = (page: Page, title: string) =>
  page.locator('.app-header__title', { hasText: title }).waitFor({ timeout: 15_000 });

/** The files of `urls` kept in Cache Storage (any cache), as the page sees it. */
const keptOf = (page: Page, urls: string[]) =>
  page.evaluate(async (list) => {
    const names = await caches.keys();
    const kept: string[] = [];
    for (const u of list)
      for (const n of names) if (await (await caches.open(n)).match(`/${u}`, { ignoreSearch: true })) kept.push(u);
    return kept;
  }, urls);

/** Network Information as a phone on a 3G-class link reports it (Lighthouse's Slow 4G is one). */
const POOR_CONNECTION = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ effectiveType: '3g', saveData: false, addEventListener() {} }) });`;

describe('the precache in two groups', () => {
  it('on a poor connection installs only the first group; a later screen visited online is kept and opens offline', async () => {
    const browser: Browser = await openBrowser();
    const { page, context } = browser;
    try {
      await context.addInitScript({ content: POOR_CONNECTION });
      await signInAsDemo(page, server.url);
      await waitForServiceWorker(page);
      await expect
        .poll(async () => (await keptOf(page, install)).length, { timeout: 60_000, interval: 1000 })
        .toBe(install.length);
      expect((await keptOf(page, install)).length).toBe(install.length);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      // The worker was not asked for the later group: none of it is kept (the decoder's wasm above all).
      expect(await keptOf(page, later)).toEqual([]);

      // The member opens the FAQ (a later-group screen) online: its code is kept as it loads.
      await page.goto(server.url + '/faq');
      // The screen itself (the header's title shows before the screen's code has arrived).
      await page.getByTestId('screen-faq').waitFor({ timeout: 15_000 });
      // The later-group files the screen loaded (several screens have a chunk named faq-page).
      const loaded = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname.slice(1)),
      );
      const faqFiles = later.filter((u) => loaded.includes(u));
      expect(faqFiles.some((u) => u.startsWith('assets/faq-page-'))).toBe(true);
      await expect
        .poll(async () => (await keptOf(page, faqFiles)).sort(), { timeout: 15_000, interval: 500 })
        .toEqual([...faqFiles].sort());

      await goOffline(context);
      try {
        await page.goto(server.url + '/faq');
        await headingIs(page, titleOf('/faq'));
        await page.getByTestId('screen-faq').waitFor({ timeout: 15_000 });
        await page.goto(server.url + '/shop/cart');
        await headingIs(page, titleOf('/shop/cart'));
      } finally {
        await goOnline(context);
      }
    } finally {
      await browser.close();
    }
  });

  it('on a good connection fetches the later group after install, and then every screen opens offline', async () => {
    const browser: Browser = await openBrowser();
    const { page, context } = browser;
    try {
      await signInAsDemo(page, server.url);
      await waitForServiceWorker(page);
      await waitForLaterPrecache(page);
      expect((await keptOf(page, later)).sort()).toEqual([...later].sort());

      await goOffline(context);
      try {
        // Never opened online on this device.
        for (const path of ['/support', '/vocabulary', '/certificates']) {
          await page.goto(server.url + path);
          await headingIs(page, titleOf(path));
        }
      } finally {
        await goOnline(context);
      }
    } finally {
      await browser.close();
    }
  });
});
