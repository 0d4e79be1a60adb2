import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatUah } from '../../src/domain/format/money';
import {
  addProduct,
  chooseBranch,
  choosePayment,
  openDelivery,
  placeOrder,
  serverOrders,
  signedInShop,
} from './shop-steps';

const shop = signedInShop();

/** A card order placed through the screens; the app goes on to the sandbox's checkout page by itself. */
async function cardOrder(productId: number): Promise<number> {
  const { page } = shop.browser;
  const base = shop.server.url;
  await addProduct(page, base, 'sticks', productId);
  await openDelivery(page, base);
  if ((await page.getByTestId('branch-picked').count()) === 0) await chooseBranch(page, 'Оде', 'Одеса', 4);
  await choosePayment(page, base, 2);
  expect(await page.getByTestId('checkout-payment').textContent()).toBe('Карткою онлайн');
  const number = await placeOrder(page, base);
  await page.waitForURL(/\/sandbox\/liqpay\/checkout\?/);
  await page.getByRole('button', { name: 'Сплатити' }).waitFor();
  return number;
}

const status = async (number: number) =>
  (await serverOrders(shop.browser.page, shop.server.url)).find((o) => o.order_number === number)?.financial_status;

describe('card payment through the sandbox checkout page (docs/rules.md#states, docs/rules.md#error-reactions)', () => {
  it('(2) paid on the payment page: back in the app the order shows paid', async () => {
    const { page } = shop.browser;
    const number = await cardOrder(3);
    expect(await status(number)).toBe('pending');
    await page.getByRole('button', { name: 'Сплатити' }).click();
    await page.waitForURL(/\/history-order\?payment=success/);
    await page.getByTestId('payment-return').waitFor();
    // «Перевіряємо оплату…» until the order's state is pulled, then what the server holds.
    await expect
      .poll(() => page.getByTestId('payment-return').textContent(), { timeout: 20_000 })
      .toContain(`№${number} отримано`);
    const card = page.locator(`[data-testid="order"][data-order-number="${number}"]`);
    await expect.poll(() => card.getAttribute('data-financial')).toBe('paid');
    expect(await card.getByTestId('order-payment-status').textContent()).toBe('Оплачено');
    expect(await card.getByTestId('order-pay').count()).toBe(0);
    expect(await status(number)).toBe('paid');
  });

  it('(2) declined on the payment page, then paid again from /history-order', async () => {
    const { page } = shop.browser;
    const number = await cardOrder(5);
    await page.getByRole('button', { name: 'Відхилити' }).click();
    await page.waitForURL(/\/history-order\?payment=failure/);
    await page.getByTestId('payment-return-pay').waitFor();
    expect(await page.getByTestId('payment-return').textContent()).toContain('відхилено');
    const card = page.locator(`[data-testid="order"][data-order-number="${number}"]`);
    expect(await card.getAttribute('data-financial')).toBe('failed');
    expect(await status(number)).toBe('failed');

    await card.getByTestId('order-pay').click();
    await page.waitForURL(/\/sandbox\/liqpay\/checkout\?/);
    await page.getByRole('button', { name: 'Сплатити' }).click();
    await page.waitForURL(/\/history-order\?payment=success/);
    await expect
      .poll(() => page.locator(`[data-testid="order"][data-order-number="${number}"]`).getAttribute('data-financial'), {
        timeout: 20_000,
      })
      .toBe('paid');
    expect(await status(number)).toBe('paid');
  });

  it('the bank answers late: after its own checks the page offers «Перевірити ще раз», which shows the payment once it lands', async () => {
    const { page, context } = shop.browser;
    const number = await cardOrder(7);
    const checkout = page.url();
    // Back in the app before the bank's answer (the member left the payment page unpaid).
    await page.goto(`${shop.server.url}/history-order?payment=success&order=${number}`);
    await expect.poll(() => page.getByTestId('payment-return').textContent()).toContain('Перевіряємо оплату');
    // Five checks 2 s apart, then the asking is the member's.
    const again = page.getByTestId('payment-return-check');
    await again.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('payment-return').textContent()).toContain(
      `Банк ще не підтвердив оплату замовлення №${number}`,
    );
    expect(await status(number)).toBe('pending');

    // The payment goes through meanwhile (on the payment page, in another tab).
    const bank = await context.newPage();
    try {
      await bank.goto(checkout);
      await bank.getByRole('button', { name: 'Сплатити' }).click();
      await bank.waitForURL(/payment=success/);
    } finally {
      await bank.close();
    }
    expect(await status(number)).toBe('paid');
    await again.click();
    await expect
      .poll(() => page.getByTestId('payment-return').textContent(), { timeout: 20_000 })
      .toContain(`№${number} отримано`);
    expect(
      await page.locator(`[data-testid="order"][data-order-number="${number}"]`).getAttribute('data-financial'),
    ).toBe('paid');
  });

  it('(2) paid twice, on a declined link’s page still open and on a new link: the second payment goes back, and the history shows it «Повернуто»', async () => {
    const { page, context } = shop.browser;
    const number = await cardOrder(9);
    const firstCheckout = page.url();
    // The first link's page, open in another tab too.
    const other = await context.newPage();
    try {
      await other.goto(firstCheckout);
      await other.getByRole('button', { name: 'Сплатити' }).waitFor();
      // Declined in this tab, then paid with the new link the history offers.
      await page.getByRole('button', { name: 'Відхилити' }).click();
      await page.waitForURL(/\/history-order\?payment=failure/);
      await page.getByTestId('payment-return-pay').click();
      await page.waitForURL(/\/sandbox\/liqpay\/checkout\?/);
      expect(page.url()).not.toBe(firstCheckout);
      await page.getByRole('button', { name: 'Сплатити' }).click();
      await page.waitForURL(/\/history-order\?payment=success/);
      expect(await status(number)).toBe('paid');
      // Then on the first page, still open: the money is taken a second time.
      await other.getByRole('button', { name: 'Сплатити' }).click();
      await other.waitForURL(/\/history-order\?payment=success/);
    } finally {
      await other.close();
    }

    await page.goto(`${shop.server.url}/history-order`);
    const card = page.locator(`[data-testid="order"][data-order-number="${number}"]`);
    const refund = card.getByTestId('order-refund');
    await refund.waitFor({ timeout: 20_000 });
    const order = (await serverOrders(page, shop.server.url)).find((o) => o.order_number === number)!;
    expect((await refund.textContent())?.replace(/\s/g, ' ')).toContain(
      `Повернуто ${formatUah(order.total).replace(/\s/g, ' ')}`,
    );
    expect(await refund.getAttribute('data-refund-status')).toBe('refunded');
    expect(await card.getByTestId('order-payment-status').textContent()).toBe('Оплачено');
    expect(await card.getAttribute('data-financial')).toBe('paid');
    // The server: the order paid once, the other attempt refunded.
    expect(order.financial_status).toBe('paid');
    expect(order.refunds).toEqual([{ amount: order.total, status: 'refunded', refunded_at: expect.any(String) }]);
    const db = new Database(join(shop.server.dataDir, 'club.db'), { readonly: true });
    try {
      const rows = db
        .prepare('SELECT status, refund_attempts FROM card_payments WHERE order_id = ? ORDER BY id')
        .all(order.id);
      expect(rows).toEqual([
        { status: 'refunded', refund_attempts: 1 },
        { status: 'success', refund_attempts: 0 },
      ]);
    } finally {
      db.close();
    }
  });
});
