// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ProductPage from '../../../../src/features/shop/product/product-page';
import { toasts } from '../../../../src/ui/toast-store';
import { db, outboxKinds, productRow, renderPage, signedIn, textOf, storeList } from './support';

beforeEach(() => signedIn('glo'));
afterEach(cleanup);

describe('product detail (/shop/<list>/<id>, read from Dexie)', () => {
  it('shows the product; adds the chosen quantity as one line, one outbox entry, with a visible confirmation', async () => {
    await storeList('devices', [
      productRow(3, {
        title: 'glo hyper pro',
        subTitle: 'Чорний',
        description: 'Нагрівання за 20 с.',
        price: 1499,
        quantity: 1,
        category: 'devices',
      }),
    ]);
    renderPage(ProductPage, '/shop/devices/:id', '/shop/devices/3');
    expect(await screen.findByRole('heading', { name: 'glo hyper pro' })).toBeTruthy();
    expect(screen.getByText('Чорний')).toBeTruthy();
    expect(screen.getByText('Нагрівання за 20 с.')).toBeTruthy();
    expect(textOf(screen.getByTestId('detail-price'))).toBe('1 499 грн');
    expect(textOf(screen.getByTestId('availability'))).toBe('В наявності');

    fireEvent.click(screen.getByTestId('qty-increment'));
    fireEvent.click(screen.getByTestId('qty-increment'));
    expect(textOf(screen.getByTestId('detail-add'))).toBe('У кошик · 3 шт.');
    expect(textOf(screen.getByTestId('detail-total'))).toBe('Разом 4 497 грн');
    fireEvent.click(screen.getByTestId('detail-add'));
    expect(await screen.findByText('Додано')).toBeTruthy();
    expect((await db.cart.get(['glo', 30]))?.count).toBe(3);
    expect(await outboxKinds()).toEqual(['cart-change']);
    expect((await screen.findByTestId('detail-in-cart')).textContent).toContain('У кошику: 3');
  });

  it('the heart toggles the favourite with one entry; the quantity field keeps 1..99 and says so when more is typed', async () => {
    await storeList('sticks', [productRow(1)]);
    renderPage(ProductPage, '/shop/sticks/:id', '/shop/sticks/1');
    fireEvent.click(await screen.findByTestId('favourite-toggle'));
    await waitFor(async () => expect(await db.favourites.get(['glo', 1])).toBeTruthy());
    expect(await outboxKinds()).toEqual(['favourite-toggle']);
    const field = screen.getByTestId('qty-value') as HTMLInputElement;
    expect((screen.getByTestId('qty-decrement') as HTMLButtonElement).disabled).toBe(true);
    // 150 is not cut to 15 without a word: the line takes its most, 99, and the member is told.
    fireEvent.change(field, { target: { value: '150' } });
    expect(field.value).toBe('150');
    fireEvent.blur(field);
    await waitFor(() => expect(field.value).toBe('99'));
    expect(toasts.list().map((t) => t.text)).toContain('Одного товару можна замовити не більше 99 шт. — у кошику 99');
  });

  it('an out-of-stock product cannot be added', async () => {
    await storeList('sticks', [productRow(1, { available: false })]);
    renderPage(ProductPage, '/shop/sticks/:id', '/shop/sticks/1');
    const add = (await screen.findByTestId('detail-add')) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.textContent).toBe('Немає в наявності');
  });

  it('a product not stored says so and leads back to its list', async () => {
    renderPage(ProductPage, '/shop/sticks/:id', '/shop/sticks/77');
    expect(await screen.findByText('Товар не знайдено')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'До списку' }).getAttribute('href')).toBe('/shop/sticks');
  });
});
