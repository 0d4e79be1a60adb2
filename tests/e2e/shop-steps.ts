// Steps of the shop journey as a member takes them, through the screens only (clicks and
// typing): shared by the tests/e2e/shop-*.e2e.ts files. Server checks go through serverCall.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { waitForServiceWorker } from './support/browser';
import { kv } from './support/local-db';
import { serverCall } from './support/server-api';
import { closeSession, openSession, type Session } from './support/session';
import { signInAsDemo } from './support/sign-in';

export interface ServerOrder {
  id: number;
  order_number: number;
  financial_status: string;
  payment_method: number;
  total: number;
  subtotal: number;
  discount: number;
  xp_total: number;
  shipping_option: number;
  tags: string[];
  delivery: { method: number; city: string; address: string };
  note: string;
  refunds?: Array<{ amount: number; status: string; refunded_at: string | null }>;
  lines: Array<{ variant_id: number; quantity: number; price: number; bonuses: number; title: string }>;
}

/**
 * The app takes a second click on the same control within 400 ms for a double click and drops
 * it (docs/rules.md#screens): a person pressing a button again waits a moment, and so does the test.
 */
export function againLater(page: Page): Promise<void> {
  return page.waitForTimeout(450);
}

/** Opens a product's page (its list's detail route) and adds `units` of it to the cart. */
export async function addProduct(page: Page, base: string, list: string, id: number, units = 1): Promise<void> {
  await page.goto(`${base}/shop/${list}/${id}`);
  await page.getByTestId('product-detail').waitFor({ timeout: 20_000 });
  for (let i = 1; i < units; i += 1) await page.getByRole('button', { name: 'Більше' }).click();
  const before = (await page.getByTestId('detail-in-cart').count())
    ? await page.getByTestId('detail-in-cart').textContent()
    : '';
  await page.getByTestId('detail-add').click();
  await expect
    .poll(
      async () =>
        (await page.getByTestId('detail-in-cart').count())
          ? await page.getByTestId('detail-in-cart').textContent()
          : '',
      { timeout: 10_000 },
    )
    .not.toBe(before);
}

/** A product's card on a list screen. */
export const productCard = (page: Page, id: number) =>
  page.locator(`[data-testid="product-card"][data-product-id="${id}"]`);

/**
 * Taps «+» on a list's card, a moment after the previous tap, and waits for it to land in the
 * local cart: the button's count («У кошику: N») grows. Online the outbox may be sent and empty
 * again before a read of it, so the count is what is watched, online and offline alike.
 */
export async function tapAddToCart(page: Page, id: number): Promise<void> {
  await againLater(page);
  const button = productCard(page, id).getByTestId('add-to-cart');
  const inCart = async () => Number(/У кошику: (\d+)/.exec((await button.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
  const before = await inCart();
  await button.click();
  await expect.poll(inCart).toBeGreaterThan(before);
}

/** From the cart to /shop/delivery. */
export async function openDelivery(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/shop/cart`);
  await page.getByTestId('cart-checkout').click();
  await page.waitForURL(`${base}/shop/delivery`);
  await page.getByTestId('delivery-method-1').waitFor();
}

/** Delivery 1: a city picked from the carrier's search, then a branch by its number. */
export async function chooseBranch(page: Page, typed: string, city: string, branch: number): Promise<void> {
  await page.getByTestId('delivery-method-1').click();
  const picked = page.getByTestId('branch-picked');
  if ((await picked.count()) > 0) await page.getByTestId('branch-change').click();
  await page.getByTestId('city-input').fill(typed);
  await page.getByTestId('city-option').filter({ hasText: city }).first().click();
  await page.getByTestId('branch-input').fill(String(branch));
  await page.locator(`[data-testid="branch-option"][data-number="${branch}"]`).click();
  await picked.waitFor();
}

/** Delivery → payment (1 cash, 2 card; 'xp' for an order of bonus items) → the summary. */
export async function choosePayment(page: Page, base: string, method: 1 | 2 | 'xp'): Promise<void> {
  await againLater(page);
  await page.getByTestId('delivery-next').click();
  await page.waitForURL(`${base}/shop/payment`);
  if (method === 'xp')
    await expect.poll(() => page.getByTestId('payment-xp').getAttribute('aria-checked')).toBe('true');
  else await page.getByTestId(`payment-${method}`).click();
  await page.getByTestId('payment-next').click();
  await page.waitForURL(`${base}/shop/checkout`);
}

/** Cart → delivery to carrier branch `branch` in `city` (picked from what is `typed`) → payment → the summary. */
export async function checkoutToBranch(
  page: Page,
  base: string,
  typed: string,
  city: string,
  branch: number,
  method: 1 | 2 | 'xp',
): Promise<void> {
  await openDelivery(page, base);
  await chooseBranch(page, typed, city, branch);
  await choosePayment(page, base, method);
}

/** Places the order from /shop/checkout; returns its number from the success page. */
export async function placeOrder(page: Page, _base: string): Promise<number> {
  await page.getByTestId('place-order').click();
  await page.waitForURL(/\/shop\/success\?order=\d+/, { timeout: 20_000 });
  const title = await page.getByTestId('success-number').textContent();
  const n = Number(/№(\d+)/.exec(title ?? '')?.[1]);
  expect(n).toBeGreaterThan(0);
  return n;
}

/** The member's orders of a variant as the server holds them (get-orders), newest first. */
export async function serverOrders(page: Page, base: string, variant: 'glo' | 'ogo' = 'glo'): Promise<ServerOrder[]> {
  const token = await kv<string>(page, 'pwaToken');
  const ids = await kv<{ glo: number; ogo?: number }>(page, 'customerIds');
  const shopifyId = variant === 'ogo' ? ids.ogo : ids.glo;
  const r = await serverCall<{ list: ServerOrder[] }>(base, token, '/api/api-shop/get-orders', { variant, shopifyId });
  return r.list;
}

/** Places the order from /shop/checkout (placeOrder) and reads it back as the server holds it. */
export async function placedOrder(page: Page, base: string, variant: 'glo' | 'ogo' = 'glo'): Promise<ServerOrder> {
  const number = await placeOrder(page, base);
  const order = (await serverOrders(page, base, variant)).find((o) => o.order_number === number);
  expect(order, `order №${number} on the server`).toBeDefined();
  return order!;
}

/** Opens the checkout, picks cash on receipt and places the order; returns it as the server holds it. */
export async function cashOrder(page: Page, base: string, variant: 'glo' | 'ogo' = 'glo'): Promise<ServerOrder> {
  await openDelivery(page, base);
  await choosePayment(page, base, 1);
  return placedOrder(page, base, variant);
}

/** The member's XP on the server. */
export async function serverBalance(page: Page, base: string, variant: 'glo' | 'ogo' = 'glo'): Promise<number> {
  const token = await kv<string>(page, 'pwaToken');
  return (await serverCall<{ balance: number }>(base, token, `/api/get-balance?v=${variant}`)).balance;
}

/** Switches the app's variant through the side menu (from the shop, so the app navigates home rather than reloading). */
export async function switchVariant(page: Page, base: string, to: 'glo' | 'ogo'): Promise<void> {
  await page.goto(`${base}/shop`);
  await page.getByTestId('menu-button').waitFor();
  if ((await page.evaluate(() => document.documentElement.dataset.theme)) === to) return;
  await page.getByTestId('menu-button').click();
  await page.getByTestId('variant-switch').click();
  await page.waitForURL(`${base}/`);
  await page.waitForFunction((v) => document.documentElement.dataset.theme === v, to, { timeout: 20_000 });
}

/**
 * A demo member signed in through the screens, the service worker in control (it takes its time
 * on a busy machine) and the session in the local database: where the shop and fault suites start.
 */
export async function signedInReady(page: Page, base: string, phone?: string): Promise<void> {
  page.setDefaultTimeout(20_000);
  await signInAsDemo(page, base, phone);
  await waitForServiceWorker(page, 60_000);
  await sessionStored(page);
}

/** Waits until the signed-in session is in the local database (the cookie is written a moment before it). */
export async function sessionStored(page: Page): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if ((await kv<string>(page, 'pwaToken').catch(() => null)) !== null) return;
    await page.waitForTimeout(200);
  }
  throw new Error('the session never reached the local database');
}

/**
 * A shop file's set-up: its own server and Chromium, opened in `beforeAll` with a member signed in
 * by {@link signedInReady} (the demo member unless `phone`) and closed in `afterAll`. Read its
 * `server` and `browser` inside the tests (they are filled in once the file starts).
 */
export function signedInShop(phone?: string): Session {
  const shop = {} as Session;
  beforeAll(async () => {
    Object.assign(shop, await openSession({ ready: (page, base) => signedInReady(page, base, phone) }));
  });
  afterAll(() => closeSession(shop));
  return shop;
}
