import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';

const API_KEY = 'dev-public-key';

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

/** Every row of a store of the app's IndexedDB (raw IndexedDB: the page's Dexie is not global). */
function rows<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (s) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('club');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction(s, 'readonly').objectStore(s).getAll();
          req.onsuccess = () => {
            resolve(req.result as T[]);
            db.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
    store,
  );
}

async function kv<T>(page: Page, key: string): Promise<T> {
  const row = (await rows<{ key: string; value: T }>(page, 'kv')).find((r) => r.key === key);
  if (!row) throw new Error(`no ${key} in the local database`);
  return row.value;
}

/** The member's metafield `pwa`/`key` as the server holds it (x-api-key + bearer token). */
async function serverMetafield(token: string, customerId: number, key: string): Promise<unknown> {
  const r = await fetch(`${server.url}/api/user/get-metafields`, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id: customerId }),
  });
  const { metafields } = (await r.json()) as { metafields: Array<{ namespace: string; key: string; value: string }> };
  const m = metafields.find((f) => f.namespace === 'pwa' && f.key === key);
  return m ? (JSON.parse(m.value) as unknown) : null;
}

describe('shop offline: favourite and cart survive a reload without network and reach the server', () => {
  it('signs in, loads the catalogue, works offline, and the outbox drains when back online', async () => {
    const { page, context } = browser;
    await signInAsDemo(page, server.url);
    await waitForServiceWorker(page);

    // The catalogue arrives through the pullers; a product not yet a favourite is picked.
    await page.goto(`${server.url}/shop/sticks`);
    await page.getByTestId('product-card').first().waitFor({ timeout: 20_000 });
    const card = page.locator('[data-testid="product-card"]:not(.is-out)').filter({ has: page.locator('[data-testid="favourite-toggle"][aria-pressed="false"]') }).first();
    const productId = Number(await card.getAttribute('data-product-id'));
    expect(productId).toBeGreaterThan(0);
    const token = await kv<string>(page, 'pwaToken');
    const gloId = (await kv<{ glo: number }>(page, 'customerIds')).glo;
    const favouritesBefore = ((await serverMetafield(token, gloId, 'favorites')) as number[] | null) ?? [];
    expect(favouritesBefore).not.toContain(productId);
    // Warm the detail and cart pages once, as a member would have.
    await page.goto(`${server.url}/shop/cart`);
    await page.locator('.app-header__title', { hasText: 'Кошик' }).waitFor();
    await page.goto(`${server.url}/shop/sticks/${productId}`);
    await page.getByTestId('product-detail').waitFor();
    await expect.poll(async () => (await rows(page, 'outbox')).length, { timeout: 15_000 }).toBe(0);

    // Offline: the page's network and the service worker's own requests.
    await context.setOffline(true);
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    try {
      await page.getByTestId('favourite-toggle').click();
      await page.getByTestId('detail-add').click();
      await expect.poll(() => page.getByTestId('favourite-toggle').getAttribute('aria-pressed')).toBe('true');
      await page.getByTestId('detail-in-cart').waitFor();
      expect(await page.getByTestId('detail-in-cart').textContent()).toContain('У кошику: 1');
      expect((await rows<{ kind: string }>(page, 'outbox')).map((e) => e.kind).sort()).toEqual(['cart-change', 'favourite-toggle']);

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
      await context.unroute('**/*');
      await context.setOffline(false);
    }

    // Back online: the outbox drains by itself (the `online` trigger).
    await expect.poll(async () => (await rows(page, 'outbox')).length, { timeout: 30_000 }).toBe(0);
    const favourites = (await serverMetafield(token, gloId, 'favorites')) as number[];
    expect(favourites.filter((id) => id === productId)).toHaveLength(1);
    expect(favourites.filter((id) => id !== productId).sort()).toEqual([...favouritesBefore].sort());
    const cart = (await serverMetafield(token, gloId, 'cart')) as Array<{ id: number; count: number; variant_id: number }>;
    expect(cart.filter((l) => l.id === productId)).toHaveLength(1);
    expect(cart.find((l) => l.id === productId)?.count).toBe(1);
  });
});
