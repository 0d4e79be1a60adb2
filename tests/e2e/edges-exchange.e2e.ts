// Exchange edge: item 8 (an XP order is paid fully with XP, docs/rules.md#product: while the variant's cart
// holds items paid in money, «Обміняти» is disabled, says why beside it and leads to the cart).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './support/browser';
import { rows } from './support/local-db';
import type { RunningServer } from './support/server';
import { closeSession, openSession } from './support/session';
import { addProduct, againLater, signedInReady, switchVariant } from './shop-steps';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => ({ server, browser } = await openSession({ ready: signedInReady })));

afterAll(() => closeSession({ server, browser }));

interface CartRow {
  variant: string;
  productId: number;
  price: number;
  bonuses: number | null;
}

describe('«Обміняти» while the cart holds paid items', () => {
  it('is disabled with the reason beside it and a way to the cart; with the paid items gone it adds the offer', async () => {
    const { page } = browser;
    const base = server.url;
    await switchVariant(page, base, 'glo');
    await addProduct(page, base, 'sticks', 1);

    await page.goto(`${base}/exchange`);
    await page.locator('[data-testid="exchange-offer"][data-state="active"]').first().click();
    const add = page.getByTestId('exchange-add');
    await add.waitFor();
    await page.getByTestId('exchange-mixed').waitFor();
    expect(await page.getByTestId('exchange-mixed').textContent()).toContain('У кошику є товари за гроші');
    expect(await add.isDisabled()).toBe(true);
    await add.click({ force: true });
    await againLater(page);
    const glo = async () => (await rows<CartRow>(page, 'cart')).filter((l) => l.variant === 'glo');
    expect((await glo()).filter((l) => (l.bonuses ?? 0) > 0 && l.price === 0)).toHaveLength(0);

    // The way to the cart; the paid item removed there, the exchange goes through.
    const offerUrl = page.url();
    await page.getByTestId('exchange-to-cart').click();
    await page.waitForURL(`${base}/shop/cart`);
    await page.getByTestId('cart-remove').first().click();
    await expect.poll(async () => (await glo()).length).toBe(0);
    await page.goto(offerUrl);
    await add.waitFor();
    expect(await page.getByTestId('exchange-mixed').count()).toBe(0);
    expect(await add.isDisabled()).toBe(false);
    await add.click();
    await page.waitForURL(`${base}/shop/cart`);
    const lines = await glo();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ price: 0 });
    expect(lines[0]?.bonuses).toBeGreaterThan(0);
  });
});
