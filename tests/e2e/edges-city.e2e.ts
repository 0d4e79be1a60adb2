// Delivery edge: item 9 (the city search's suggestions belong to what is typed now: while the
// carrier's answer is on its way, an earlier query's city is never offered, and the wait shows).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addProduct, choosePayment, openDelivery, placedOrder, signedInShop, switchVariant } from './shop-steps';

const shop = signedInShop();

/** The names the suggestions offer at this moment, read at once. */
const offered = (page: Page) =>
  page.locator('[data-testid="city-option"] .co-list__main').evaluateAll((els) => els.map((e) => e.textContent ?? ''));

describe('the city search while a new name is typed', () => {
  it('never offers the previous query’s city, says it is searching, and the city picked is the one ordered to', async () => {
    const { page, context } = shop.browser;
    const base = shop.server.url;
    await switchVariant(page, base, 'glo');
    // A slow carrier: while `held`, each typed search waits for its answer until the test lets
    // them all go (in the order they were asked).
    const search = (url: URL) => url.pathname === '/api/delivery/np/cities' && url.searchParams.has('query');
    let held: Array<() => void> | null = null;
    const release = () => {
      const waiting = held ?? [];
      held = null;
      for (const go of waiting) go();
    };
    await context.route(search, async (route) => {
      if (held) await new Promise<void>((go) => held!.push(go));
      await route.continue().catch(() => undefined);
    });
    try {
      await addProduct(page, base, 'sticks', 1);
      await openDelivery(page, base);
      await page.getByTestId('delivery-method-1').click();
      if ((await page.getByTestId('branch-picked').count()) > 0) await page.getByTestId('branch-change').click();
      const input = page.getByTestId('city-input');
      await input.fill('Хар');
      await page.getByTestId('city-option').filter({ hasText: 'Харків' }).first().waitFor();

      held = [];
      await input.fill('');
      await input.pressSequentially('Запор', { delay: 60 });
      const right = await offered(page);
      expect(right.filter((n) => !n.startsWith('Запор'))).toEqual([]);
      await page.getByTestId('city-searching').waitFor();
      // The carrier answers every search typed, the earlier ones first.
      release();
      // A quick tap on the first suggestion, once there is one, picks Запоріжжя.
      await page.getByTestId('city-option').first().click({ timeout: 15_000 });
      expect(await input.inputValue()).toBe('Запоріжжя');
      await page.getByTestId('branch-input').fill('1');
      await page.locator('[data-testid="branch-option"][data-number="1"]').click();
      await page.getByTestId('branch-picked').waitFor();
    } finally {
      release();
      await context.unroute(search);
    }
    await choosePayment(page, base, 1);
    const order = await placedOrder(page, base);
    expect(order.delivery).toMatchObject({ method: 1, city: 'Запоріжжя' });
  });
});
