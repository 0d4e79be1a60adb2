// Faults: the network drops and returns every 2 s through a whole purchase (cart,
// delivery, payment, the order placed, pressed again as a member would when told it is offline)
// and a scan session of several typed codes. Afterwards: one order, each code credited once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './support/browser';
import { freshCodes } from './support/camera';
import type { RunningServer } from './support/server';
import { closeSession, openSession } from './support/session';
import { againLater, serverOrders, signedInReady } from './shop-steps';
import {
  balanceOf,
  creditedTimes,
  drained,
  flap,
  member,
  openManualEntry,
  shownCredited,
  typeCodes,
} from './faults-steps';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSession({ ready: signedInReady })));

afterAll(() => closeSession({ server, browser }));

/**
 * Does `step` again (as a member would, tapping again) until it works, at most `times` times: each
 * try after a failed one waits for the network to change (cut or restored), so no two meet the same.
 */
async function persist(network: ReturnType<typeof flap>, times: number, step: () => Promise<void>): Promise<void> {
  for (let i = 1; ; i += 1) {
    const seen = network.changes();
    try {
      await step();
      return;
    } catch (e) {
      if (i >= times) throw e;
      await expect.poll(network.changes, { timeout: 10_000 }).toBeGreaterThan(seen);
    }
  }
}

describe('the network flapping', () => {
  it('through a whole purchase and a scan session: one order, each code credited once', async () => {
    const { page, context } = browser;
    const base = server.url;
    const codes = await freshCodes(base, 'glo', 4);
    const { token } = await member(page);
    const balance = await balanceOf(base, token);
    const ordersBefore = (await serverOrders(page, base)).length;
    // Seen online once: the product, the cart and the scanner.
    await page.goto(`${base}/shop/sticks/1`);
    await page.getByTestId('product-detail').waitFor();
    await openManualEntry(page, base);
    await drained(page);

    const network = flap(context, 2000);
    try {
      // The cart: two packs.
      await page.goto(`${base}/shop/sticks/1`);
      await page.getByTestId('product-detail').waitFor();
      await page.getByRole('button', { name: 'Більше' }).click();
      await page.getByTestId('detail-add').click();
      await page.getByTestId('detail-in-cart').waitFor();

      // Delivery: the city comes from the carrier's search, which needs the network; typed again when it fails.
      await page.goto(`${base}/shop/cart`);
      await page.getByTestId('cart-checkout').click();
      await page.waitForURL(`${base}/shop/delivery`);
      await page.getByTestId('delivery-method-1').click();
      await persist(network, 12, async () => {
        const picked = page.getByTestId('branch-picked');
        if ((await picked.count()) > 0) return;
        await page.getByTestId('city-input').fill('');
        await page.getByTestId('city-input').fill('Ки');
        await page.getByTestId('city-option').filter({ hasText: 'Київ' }).first().click({ timeout: 4000 });
        await page.getByTestId('branch-input').fill('12');
        await page.locator('[data-testid="branch-option"][data-number="12"]').click({ timeout: 4000 });
        await picked.waitFor({ timeout: 2000 });
      });
      await againLater(page);
      await page.getByTestId('delivery-next').click();
      await page.waitForURL(`${base}/shop/payment`);
      await page.getByTestId('payment-1').click();
      await page.getByTestId('payment-next').click();
      await page.waitForURL(`${base}/shop/checkout`);

      // The order: pressed whenever the button can be pressed, until the success page shows.
      const button = page.getByTestId('place-order');
      await persist(network, 40, async () => {
        if (/\/shop\/success/.test(page.url())) return;
        if ((await button.isEnabled()) && (await button.getAttribute('aria-busy')) !== 'true') {
          await againLater(page);
          await button.click({ timeout: 1000 }).catch(() => undefined);
        }
        await page.waitForURL(/\/shop\/success\?order=\d+/, { timeout: 1500 });
      });
      await page.getByTestId('success-number').waitFor();

      // A scan session: each code typed once the network has changed again, kept whatever it does.
      for (const c of codes) {
        const seen = network.changes();
        await typeCodes(page, base, [c]);
        await expect.poll(network.changes, { timeout: 10_000 }).toBeGreaterThan(seen);
      }
    } finally {
      await network.stop();
    }
    // The network did drop during the journey (a check of the test itself).
    expect(network.cuts()).toBeGreaterThanOrEqual(2);

    await drained(page, 45_000);
    const orders = await serverOrders(page, base);
    expect(orders).toHaveLength(ordersBefore + 1);
    expect(orders[0]!.lines).toEqual([expect.objectContaining({ variant_id: 27010101, quantity: 2 })]);
    expect(await creditedTimes(base, token, codes)).toEqual([1, 1, 1, 1]);
    expect(await balanceOf(base, token)).toBe(balance + codes.reduce((n, c) => n + c.xp, 0));
    await shownCredited(page, base, codes);
  });
});
