import { describe, expect, it } from 'vitest';
import { kv, rows } from './support/local-db';
import { serverMetafield } from './support/server-api';
import {
  addProduct,
  againLater,
  cashOrder,
  checkoutToBranch,
  choosePayment,
  openDelivery,
  placedOrder,
  signedInShop,
  switchVariant,
} from './shop-steps';

const shop = signedInShop();

const cartOf = async (variant: string) =>
  (await rows<{ variant: string; productId: number }>(shop.browser.page, 'cart'))
    .filter((l) => l.variant === variant)
    .map((l) => l.productId)
    .sort((a, b) => a - b);

describe('ogo: the local courier, the velo promo and two separate carts', () => {
  it('(7, 8) no courier for a cart with a non-iPost item; an unserved city falls back to 1; the glo cart waits through an ogo purchase', async () => {
    const { page } = shop.browser;
    const base = shop.server.url;
    await addProduct(page, base, 'sticks', 9);
    await switchVariant(page, base, 'ogo');
    // A block (no ipost_allow) and a pack (ipost_allow).
    await addProduct(page, base, 'ogo-sticks', 79);
    await addProduct(page, base, 'ogo-sticks-single', 90, 2);
    expect(await cartOf('glo')).toEqual([9]);
    expect(await cartOf('ogo')).toEqual([79, 90]);

    await openDelivery(page, base);
    expect(await page.getByTestId('delivery-method-3').count()).toBe(0);
    await page.getByText('Курʼєр iPost доступний, коли всі товари в кошику мають позначку iPost.').waitFor();

    await page.goto(`${base}/shop/cart`);
    await page.locator('[data-testid="cart-line"][data-product-id="79"]').getByTestId('cart-remove').click();
    await expect.poll(() => cartOf('ogo')).toEqual([90]);
    await openDelivery(page, base);
    await page.getByTestId('delivery-method-3').click();
    await page.getByTestId('city-input').fill('Запоріжжя');
    await page.getByTestId('city-option').filter({ hasText: 'Запоріжжя' }).first().click();
    await page.getByTestId('delivery-notice').waitFor();
    expect(await page.getByTestId('delivery-notice').textContent()).toContain('не доставляє в Запоріжжя');
    expect(await page.getByTestId('delivery-method-1').getAttribute('aria-checked')).toBe('true');

    await page.getByTestId('delivery-method-3').click();
    await page.getByTestId('city-input').fill('Київ');
    await page.getByTestId('city-option').filter({ hasText: 'Київ' }).first().click();
    await page.getByTestId('ipost-available').waitFor();
    await page.getByTestId('street-input').fill('вул. Хрещатик, 22');
    await page.getByTestId('flat-input').fill('5а');
    await page.getByTestId('ipost-from').selectOption('15:00');
    await page.getByTestId('ipost-to').selectOption('12:00');
    await page.getByTestId('delivery-next').click();
    // Bad input stays on the page with its messages beside the fields, nothing sent.
    expect(await page.getByTestId('window-error').textContent()).toContain('раніше за кінець');
    expect(await page.getByText('Номер квартири — лише цифри').count()).toBe(1);
    await page.getByTestId('flat-input').fill('5');
    await page.getByTestId('ipost-to').selectOption('18:00');
    await choosePayment(page, base, 1);
    const o = await placedOrder(page, base, 'ogo');
    await page.getByText('Курʼєра iPost замовлено на обраний час.').waitFor();
    expect(o.tags).toContain('iPost');
    expect(o).toMatchObject({ delivery: { method: 3, city: 'Київ' }, shipping_option: 4 });
    expect(o.lines.map((l) => l.quantity)).toEqual([2]);
    // docs/rules.md#states: after the courier took the address, delivery is 1 again.
    const drafts = await kv<{ ogo: { delivery: { method: number; street: string } } }>(page, 'checkoutDrafts');
    expect(drafts.ogo.delivery).toMatchObject({ method: 1, street: '' });

    // The glo cart was never touched by the ogo purchase.
    await switchVariant(page, base, 'glo');
    await page.goto(`${base}/shop/cart`);
    await page.locator('[data-testid="cart-line"][data-product-id="9"]').waitFor();
    expect(await cartOf('glo')).toEqual([9]);
    expect(await cartOf('ogo')).toEqual([]);
    const token = await kv<string>(page, 'pwaToken');
    const ids = await kv<{ glo: number; ogo: number }>(page, 'customerIds');
    await expect
      .poll(async () =>
        ((await serverMetafield(base, token, ids.glo, 'cart')) as Array<{ id: number }>).map((l) => l.id),
      )
      .toEqual([9]);
    await expect
      .poll(async () => ((await serverMetafield(base, token, ids.ogo, 'cart', true)) as unknown[]).length)
      .toBe(0);
  });

  it('(5) velo 20% on ogo: bad input is refused beside the field, the code is accepted once and not offered again', async () => {
    const { page } = shop.browser;
    const base = shop.server.url;
    await switchVariant(page, base, 'ogo');
    await addProduct(page, base, 'ogo-velo', 111);
    await page.goto(`${base}/shop/cart`);
    const input = page.getByTestId('velo-code-input');
    await input.fill('velo 20%');
    await page.getByTestId('velo-code-apply').click();
    await page.getByText('Промокод пишеться без пробілів').waitFor();
    // Typed in lower case, as a phone's keyboard does: codes match in any case.
    await input.fill('velo-20%');
    await againLater(page);
    await page.getByTestId('velo-code-apply').click();
    await page.getByTestId('velo-code-kept').waitFor();
    expect(await page.getByTestId('cart-discount').textContent()).toContain('31,8');
    expect(await page.getByTestId('cart-total').textContent()).toBe('127,2 грн');

    await checkoutToBranch(page, base, 'Дні', 'Дніпро', 2, 1);
    expect(await page.getByTestId('checkout-discount').textContent()).toContain('31,8');
    const o = await placedOrder(page, base, 'ogo');
    expect(o.tags).toContain('pwa_velo-20%');
    expect(o).toMatchObject({ discount: 31.8, total: 127.2 });

    // The second time: the code is not offered, and says why.
    await addProduct(page, base, 'ogo-velo', 112);
    await page.goto(`${base}/shop/cart`);
    await page.getByTestId('velo-note').waitFor();
    expect(await page.getByTestId('velo-note').textContent()).toContain('уже використано');
    expect(await page.getByTestId('velo-code-input').count()).toBe(0);
    const o2 = await cashOrder(page, base, 'ogo');
    expect(o2.tags).not.toContain('pwa_velo-20%');
    expect(o2).toMatchObject({ discount: 0, total: 149 });
  });
});
