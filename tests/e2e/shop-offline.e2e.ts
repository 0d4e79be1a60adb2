import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';
import { kv, queuedChanges, rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import { serverMetafield } from './support/server-api';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('shop offline: favourite and cart survive a reload without network and reach the server', () => {
  it('signs in, loads the catalogue, works offline, and the outbox drains when back online', async () => {
    const { page, context } = browser;
    await signInAsDemo(page, server.url);
    await waitForServiceWorker(page);

    // The catalogue arrives through the pullers; a product not yet a favourite is picked.
    await page.goto(`${server.url}/shop/sticks`);
    await page.getByTestId('product-card').first().waitFor({ timeout: 20_000 });
    const card = page
      .locator('[data-testid="product-card"]:not(.is-out)')
      .filter({ has: page.locator('[data-testid="favourite-toggle"][aria-pressed="false"]') })
      .first();
    const productId = Number(await card.getAttribute('data-product-id'));
    expect(productId).toBeGreaterThan(0);
    const token = await kv<string>(page, 'pwaToken');
    const gloId = (await kv<{ glo: number }>(page, 'customerIds')).glo;
    const favouritesBefore = ((await serverMetafield(server.url, token, gloId, 'favorites')) as number[] | null) ?? [];
    expect(favouritesBefore).not.toContain(productId);
    // Warm the detail and cart pages once, as a member would have.
    await page.goto(`${server.url}/shop/cart`);
    await page.locator('.app-header__title', { hasText: 'Кошик' }).waitFor();
    await page.goto(`${server.url}/shop/sticks/${productId}`);
    await page.getByTestId('product-detail').waitFor();
    await expect.poll(async () => (await rows(page, 'outbox')).length, { timeout: 15_000 }).toBe(0);

    // Offline: the page's network and the service worker's own requests.
    await goOffline(context);
    try {
      await page.getByTestId('favourite-toggle').click();
      await page.getByTestId('detail-add').click();
      await expect.poll(() => page.getByTestId('favourite-toggle').getAttribute('aria-pressed')).toBe('true');
      await page.getByTestId('detail-in-cart').waitFor();
      expect(await page.getByTestId('detail-in-cart').textContent()).toContain('У кошику: 1');
      // (A page view may wait beside them: analytics are queued offline too.)
      const kinds = (await queuedChanges(page)).map((e) => e.kind);
      expect(kinds.sort()).toEqual(['cart-change', 'favourite-toggle']);

      // Reloaded with no network: the service worker serves the app, Dexie still holds both.
      await page.reload();
      await page.getByTestId('product-detail').waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByTestId('favourite-toggle').getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByTestId('detail-in-cart').textContent()).toContain('У кошику: 1');
      await page.goto(`${server.url}/shop/cart`);
      await page.getByTestId('cart-line').first().waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('cart-line').getAttribute('data-product-id')).toBe(String(productId));
      await page.goto(`${server.url}/shop/favorite`);
      await page.locator(`[data-testid="product-card"][data-product-id="${productId}"]`).waitFor({ timeout: 15_000 });
    } finally {
      await goOnline(context);
    }

    // Back online: the outbox drains by itself (the `online` trigger).
    await expect.poll(async () => (await rows(page, 'outbox')).length, { timeout: 30_000 }).toBe(0);
    const favourites = (await serverMetafield(server.url, token, gloId, 'favorites')) as number[];
    expect(favourites.filter((id) => id === productId)).toHaveLength(1);
    expect(favourites.filter((id) => id !== productId).sort()).toEqual([...favouritesBefore].sort());
    const cart = (await serverMetafield(server.url, token, gloId, 'cart')) as Array<{
      id: number;
      count: number;
      variant_id: number;
    }>;
    expect(cart.filter((l) => l.id === productId)).toHaveLength(1);
    expect(cart.find((l) => l.id === productId)?.count).toBe(1);
  });
});
