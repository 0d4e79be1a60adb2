// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import CartPage from '../../../../src/features/shop/cart/cart-page';
import { addProductToCart } from '../../../../src/sync/mutations/shop/cart-change';
import { db, outboxKinds, productRow, renderPage, signedIn, textOf } from './support';

const GLO = { variant: 'glo' as const, customerId: 101 };

beforeEach(async () => {
  await signedIn('glo');
  sessionStorage.clear();
});
afterEach(cleanup);

async function fill(...items: Array<[ReturnType<typeof productRow>, number]>) {
  await act(async () => {
    for (const [p, n] of items) await addProductToCart(db, GLO, p, n);
    await db.outbox.clear();
  });
}

const lines = () => screen.getAllByTestId('cart-line');

describe('cart page (/shop/cart, read from Dexie)', () => {
  it('empty: says so, and «Продовжити покупки» returns where the cart was opened from', async () => {
    sessionStorage.setItem('cartReferrer', '/shop/devices');
    renderPage(CartPage, '/shop/cart', '/shop/cart');
    expect(await screen.findByText('Кошик порожній')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Продовжити покупки' }).getAttribute('href')).toBe('/shop/devices');
  });

  it('lines with totals in UAH, the free-shipping progress, and checkout to /shop/delivery', async () => {
    await fill(
      [productRow(1, { title: 'Neo Tobacco', price: 95 }), 2],
      [productRow(2, { title: 'Чохол', price: 150 }), 1],
    );
    const { router } = renderPage(CartPage, '/shop/cart', '/shop/cart');
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(screen.getByText('3 товари')).toBeTruthy();
    expect(textOf(within(lines()[0]!).getByTestId('cart-line-sum'))).toBe('190 грн');
    expect(textOf(screen.getByTestId('cart-total'))).toBe('340 грн');
    expect(screen.getByTestId('free-shipping').textContent).toContain('Додай товарів ще на 59 грн');
    fireEvent.click(screen.getByTestId('cart-checkout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/delivery'));
  });

  it('+ / − / typed count / remove: each writes Dexie and queues exactly one entry; − stops at 1', async () => {
    await fill([productRow(1), 1]);
    renderPage(CartPage, '/shop/cart', '/shop/cart');
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect((screen.getByTestId('qty-decrement') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('qty-increment'));
    await waitFor(async () => expect((await db.cart.get(['glo', 10]))?.count).toBe(2));
    expect(await outboxKinds()).toEqual(['cart-change']);

    fireEvent.click(screen.getByTestId('qty-decrement'));
    await waitFor(async () => expect((await db.cart.get(['glo', 10]))?.count).toBe(1));
    expect(await outboxKinds()).toHaveLength(2);

    const field = screen.getByTestId('qty-value') as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('1'));
    fireEvent.change(field, { target: { value: '7' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.blur(field);
    await waitFor(async () => expect((await db.cart.get(['glo', 10]))?.count).toBe(7));
    expect(await outboxKinds()).toHaveLength(3);

    fireEvent.click(screen.getByTestId('cart-remove'));
    expect(await screen.findByText('Кошик порожній')).toBeTruthy();
    expect(await db.cart.count()).toBe(0);
    expect(await outboxKinds()).toEqual(['cart-change', 'cart-change', 'cart-change', 'cart-change']);
  });

  it('flags an XP item next to items paid with money (docs/rules.md#validation), and shows the XP total', async () => {
    await fill([productRow(1, { price: 450 }), 1], [productRow(5, { price: 0, bonuses: 800, category: 'bonus' }), 1]);
    renderPage(CartPage, '/shop/cart', '/shop/cart');
    expect(await screen.findByTestId('zero-price-flag')).toBeTruthy();
    expect(screen.getByText('Бонусні товари оформлюються окремо')).toBeTruthy();
    expect(textOf(screen.getByTestId('cart-total-xp'))).toBe('800 XP');
    expect((screen.getByTestId('cart-checkout') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('free-shipping').textContent).toContain('Доставка безкоштовна');
  });

  it('shows at most 2 velo gifts (docs/rules.md#constants), however many are in the cart', async () => {
    const gift = (id: number) => productRow(id, { price: 0, tags: ['velo', 'velo_gift'] });
    await fill([productRow(1, { price: 150, tags: ['velo'] }), 1], [gift(8), 2], [gift(9), 1]);
    renderPage(CartPage, '/shop/cart', '/shop/cart');
    expect((await screen.findByTestId('velo-gifts')).textContent).toContain('Подарунки velo: 2');
    expect(screen.queryByTestId('zero-price-flag')).toBeNull();
  });

  it('another variant’s cart is not shown', async () => {
    await act(() => addProductToCart(db, { variant: 'ogo', customerId: 202 }, productRow(4, { variant: 'ogo' })));
    renderPage(CartPage, '/shop/cart', '/shop/cart');
    expect(await screen.findByText('Кошик порожній')).toBeTruthy();
  });
});
