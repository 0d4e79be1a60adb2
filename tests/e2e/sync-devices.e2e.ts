import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import { kv, queuedChanges, rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import { startServer, type RunningServer } from './support/server';
import { serverMetafield } from './support/server-api';
import { signInAsDemo } from './support/sign-in';
import { listedProductIds } from './support/catalogue';
import { againLater, productCard, tapAddToCart } from './shop-steps';

// one member on two phones, both offline, each with its own changes; the server must end
// with the union of their intents (both favourites, both cart lines, counts added), each phone
// must show it after its next pull, and a server crash in the middle of a replay loses nothing and
// doubles nothing.

let server: RunningServer;
let phoneA: Browser;
let phoneB: Browser;

beforeAll(async () => {
  server = await startServer();
  [phoneA, phoneB] = await Promise.all([openBrowser(), openBrowser()]);
  for (const p of [phoneA, phoneB]) {
    await signInAsDemo(p.page, server.url);
    await waitForServiceWorker(p.page);
  }
});

afterAll(async () => {
  await Promise.all([phoneA?.close(), phoneB?.close()]);
  await server?.dispose();
});

interface CartLine {
  id: number;
  variant_id: number;
  count: number;
}

/** The sticks list, loaded: every card's product id, those on sale only. */
async function openSticks(page: Page): Promise<number[]> {
  await page.goto(`${server.url}/shop/sticks`);
  return listedProductIds(page);
}

async function favourite(page: Page, id: number): Promise<void> {
  await againLater(page);
  const heart = productCard(page, id).getByTestId('favourite-toggle');
  const before = await heart.getAttribute('aria-pressed');
  await heart.click();
  await expect.poll(() => heart.getAttribute('aria-pressed')).not.toBe(before);
}

async function drained(page: Page, timeout = 30_000): Promise<void> {
  await expect.poll(async () => (await rows(page, 'outbox')).length, { timeout }).toBe(0);
}

async function member(page: Page) {
  return { token: await kv<string>(page, 'pwaToken'), glo: (await kv<{ glo: number }>(page, 'customerIds')).glo };
}

async function serverState(page: Page) {
  const m = await member(page);
  const favs = ((await serverMetafield(server.url, m.token, m.glo, 'favorites')) as number[] | null) ?? [];
  const cart = ((await serverMetafield(server.url, m.token, m.glo, 'cart')) as CartLine[] | null) ?? [];
  return { favs, cart, count: (id: number) => cart.find((l) => l.id === id)?.count ?? 0 };
}

/** Product ids the cart screen lists now. */
const cartShown = (page: Page) =>
  page.getByTestId('cart-line').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-product-id'))));

describe('two devices of one member, both offline', () => {
  it('drained one after the other: the server holds both favourites, both cart lines and the counts added, and each phone shows them', async () => {
    const [ids] = await Promise.all([openSticks(phoneA.page), openSticks(phoneB.page)]);
    const before = await serverState(phoneA.page);
    const fresh = ids.filter((id) => !before.favs.includes(id) && before.count(id) === 0);
    const [favA, cartA, favB, cartB, shared] = fresh;
    expect(shared).toBeDefined();

    await Promise.all([goOffline(phoneA.context), goOffline(phoneB.context)]);
    await favourite(phoneA.page, favA!);
    await tapAddToCart(phoneA.page, cartA!);
    await tapAddToCart(phoneA.page, shared!);
    await favourite(phoneB.page, favB!);
    await tapAddToCart(phoneB.page, cartB!);
    await tapAddToCart(phoneB.page, shared!);
    await tapAddToCart(phoneB.page, shared!);

    await goOnline(phoneA.context);
    await drained(phoneA.page);
    await goOnline(phoneB.context);
    await drained(phoneB.page);

    const after = await serverState(phoneA.page);
    expect(after.favs).toEqual(expect.arrayContaining([...before.favs, favA, favB]));
    expect(after.favs).toHaveLength(before.favs.length + 2);
    expect(after.count(cartA!)).toBe(1);
    expect(after.count(cartB!)).toBe(1);
    expect(after.count(shared!)).toBe(3);
    for (const { page } of [phoneA, phoneB]) {
      // The cart screen reads the server's cart (and favourites) when it opens: it comes to list the union.
      await page.goto(`${server.url}/shop/cart`);
      await expect
        .poll(() => cartShown(page), { timeout: 15_000 })
        .toEqual(expect.arrayContaining([cartA, cartB, shared]));
      await page.goto(`${server.url}/shop/favorite`);
      expect(await listedProductIds(page, true)).toEqual(expect.arrayContaining([favA, favB]));
    }
  });

  it('drained at the same time: the same union, each change once', async () => {
    const [ids] = await Promise.all([openSticks(phoneA.page), openSticks(phoneB.page)]);
    const before = await serverState(phoneA.page);
    const fresh = ids.filter((id) => !before.favs.includes(id) && before.count(id) === 0);
    const [favA, favB, cartA, cartB] = fresh;
    const shared = before.cart[0]!.id;
    const sharedBefore = before.count(shared);

    await Promise.all([goOffline(phoneA.context), goOffline(phoneB.context)]);
    await favourite(phoneA.page, favA!);
    await tapAddToCart(phoneA.page, cartA!);
    await tapAddToCart(phoneA.page, shared);
    await favourite(phoneB.page, favB!);
    await tapAddToCart(phoneB.page, cartB!);
    await tapAddToCart(phoneB.page, shared);
    await Promise.all([goOnline(phoneA.context), goOnline(phoneB.context)]);
    await Promise.all([drained(phoneA.page), drained(phoneB.page)]);

    const after = await serverState(phoneB.page);
    expect(after.favs.filter((id) => id === favA || id === favB).sort()).toEqual([favA, favB].sort());
    expect(after.favs).toHaveLength(before.favs.length + 2);
    expect([after.count(cartA!), after.count(cartB!), after.count(shared)]).toEqual([1, 1, sharedBefore + 2]);
  });

  it('the server killed in the middle of a replay and restarted: each change applied once, the queue drained within 10 s of it answering again', async () => {
    const page = phoneA.page;
    const ids = await openSticks(page);
    const before = await serverState(page);
    const picks = ids.slice(0, 8);
    await goOffline(phoneA.context);
    for (const id of picks) await tapAddToCart(page, id);
    // The page view of /shop/sticks (recorded through the outbox a moment after the route change) aside.
    const queued = await queuedChanges<{ kind: string; payload: unknown }>(page);
    // What was queued, named in the failure: one entry per tap and nothing else.
    expect(queued.length, JSON.stringify(queued.map((e) => [e.kind, e.payload]))).toBe(picks.length);

    // The server dies as the replay begins, with the first change on its way (sent with its key).
    // The phone's requests, not the page's alone: back online, the service worker's Background Sync
    // and the page race for the outbox's lock, and either may send the whole queue.
    const context = phoneA.context;
    const sending = context.waitForEvent('request', {
      predicate: (r) => Boolean(r.headers()['idempotency-key']),
      timeout: 15_000,
    });
    await goOnline(context);
    await sending;
    let met = false;
    const meet = () => (met = true);
    context.on('requestfailed', meet);
    await server.kill();
    // It stays down until the phone has met it (a request with no answer), or had nothing left to send.
    await expect.poll(async () => met || (await queuedChanges(page)).length === 0, { timeout: 15_000 }).toBe(true);
    context.off('requestfailed', meet);
    await server.start();
    // Answering again: every change goes within 10 s (no answer backs off to at most 30 s, and a
    // key the dead process left running is taken over at once). The app's own page views wait
    // their own backoff and never hold the member's changes: they go too, later.
    await expect.poll(async () => (await queuedChanges(page)).length, { timeout: 10_000 }).toBe(0);
    await drained(page, 60_000);
    const after = await serverState(page);
    const counts = `picks ${picks.join(',')}; server cart before ${JSON.stringify(before.cart)}, after ${JSON.stringify(after.cart)}`;
    for (const id of picks) expect(after.count(id), `product ${id} (${counts})`).toBe(before.count(id) + 1);
  });

  it('a change the server refuses for a real reason (sold out meanwhile) is shown with its reason; the rest of the queue goes', async () => {
    const page = phoneB.page;
    const ids = await openSticks(page);
    const before = await serverState(page);
    const [soldOut, fav] = ids.filter((id) => before.count(id) === 0 && !before.favs.includes(id));
    const title = (await productCard(page, soldOut!).locator('.product-card__title').textContent())!.trim();

    await goOffline(phoneB.context);
    await tapAddToCart(page, soldOut!);
    await favourite(page, fav!);
    // Meanwhile the shop sells the last pack.
    const db = new Database(join(server.dataDir, 'club.db'));
    db.prepare('UPDATE products SET available = 0 WHERE id = ?').run(soldOut);
    db.close();
    await goOnline(phoneB.context);

    await page
      .getByRole('alert')
      .filter({ hasText: `«${title}» зараз немає в наявності` })
      .waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await rows<{ state: string }>(page, 'outbox')).map((e) => e.state))
      .toEqual(['failed']);
    const after = await serverState(page);
    expect(after.favs).toContain(fav);
    expect(after.count(soldOut!)).toBe(0);

    await page.getByTestId('sync-indicator').click();
    const item = page.getByTestId('sync-failed-item');
    await expect.poll(() => item.textContent()).toContain(`Додавання в кошик: ${title}`);
    await item.getByRole('button', { name: 'Прибрати', exact: true }).click();
    await expect.poll(async () => (await rows(page, 'outbox')).length).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/shop/cart`);
    await page.locator('.app-header__title', { hasText: 'Кошик' }).waitFor();
    expect(await page.locator(`[data-testid="cart-line"][data-product-id="${soldOut}"]`).count()).toBe(0);
  });
});
