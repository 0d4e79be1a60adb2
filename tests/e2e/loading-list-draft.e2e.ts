import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './support/browser';
import { rows } from './support/local-db';
import type { RunningServer } from './support/server';
import { closeSession, openSession } from './support/session';
import { signInAsDemo } from './support/sign-in';

/*
 * A list opened for the first time on this device (no kept copy, caches cleared): its first
 * cards are drawn from the catalogue stored on the device and their pictures painted before the
 * app's code has arrived; the live list then takes over and works.
 */
let server: RunningServer;

/** Each card's box and its picture's, in CSS px to a tenth (to a fraction: what a largest paint compares). */
const boxes = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((cards) =>
    cards.map((card) => {
      const round = (r: DOMRect) => [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10) / 10);
      const img = card.querySelector('.product-image img');
      return { card: round(card.getBoundingClientRect()), picture: img ? round(img.getBoundingClientRect()) : null };
    }),
  );
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSession({ timeout: 20_000, ready: signInAsDemo })));

afterAll(() => closeSession({ server, browser }));

describe('a list’s first view', () => {
  it('shows its first cards and their pictures while the app’s code is held back, then the live list', async () => {
    const { page } = browser;
    await expect
      .poll(async () => (await rows<{ category: string }>(page, 'collections')).some((c) => c.category === 'sticks'), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('screen:/shop/sticks'))).toBeNull();
    // Caches cleared, no service worker: every script comes from the network, where React is held back.
    await page.evaluate(async () => {
      for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
      for (const k of await caches.keys()) await caches.delete(k);
    });
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/react-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/shop/sticks`, { waitUntil: 'commit' });
    const drawn = page.locator('#root > .screen-snapshot main .product-card');
    await expect.poll(() => drawn.count()).toBe(4);
    const picture = drawn.first().locator('img');
    expect(await picture.getAttribute('fetchpriority')).toBe('high');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1))
      .toBe(true);
    expect(await page.locator('[data-testid="product-card"]').count()).toBe(0);
    const drawnBoxes = await boxes(page, '#root > .screen-snapshot main .product-card');
    mkdirSync('screenshots', { recursive: true });
    await page.screenshot({ path: 'screenshots/list-draft.png' });
    release();
    await page.locator('#root > .app-root [data-testid="product-card"]').first().waitFor();
    expect(await page.locator('.screen-snapshot').count()).toBe(0);
    // The live cards take over in the drawn cards' very boxes: nothing moves, no picture grows.
    const live = (await boxes(page, '#root > .app-root [data-testid="product-card"]')).slice(0, drawnBoxes.length);
    expect(live).toEqual(drawnBoxes);
    await page.unroute(/\/assets\/react-[^/]+\.js$/);
  });
});
