// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kvSet } from '../../../../src/db/kv';
import ShopPage from '../../../../src/features/shop/catalogue/shop-page';
import { lineOf } from '../../../../src/sync/mutations/shop/cart-change';
import { db, productRow, renderPage, signedIn, storeList, textOf } from './support';

beforeEach(() => signedIn('glo'));
afterEach(cleanup);

describe('shop home (/shop, read from Dexie)', () => {
  it('loading, then the categories of the active variant with nothing stored yet', async () => {
    renderPage(ShopPage, '/shop', '/shop');
    expect(screen.getAllByLabelText('Завантаження').length).toBeGreaterThan(0);
    for (const title of ['Стіки', 'Пристрої', 'Бонусні пропозиції', 'Аксесуари', 'Популярне'])
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('tile-ogo-velo')).toBeNull();
    await waitFor(() => expect(textOf(screen.getByTestId('tile-sticks'))).toContain('Скоро буде'));
    expect(await screen.findByText('Завантажуємо каталог…')).toBeTruthy();
  });

  it('filled: counts per category, popular items, the cart and favourites entry points, and the data age', async () => {
    const at = Date.now() - 5 * 60_000;
    await storeList('sticks', [productRow(1), productRow(2), productRow(3)], at);
    await storeList(
      'popular',
      [productRow(2, { title: 'Хіт продажів', category: 'popular', collectionId: 270105 })],
      at,
    );
    await act(async () => {
      await db.favourites.put({ variant: 'glo', productId: 1, addedAt: 1 });
      await db.cart.put({ ...lineOf(productRow(1)), count: 3, variant: 'glo', addedAt: 1 });
    });
    renderPage(ShopPage, '/shop', '/shop');
    await waitFor(() => expect(textOf(screen.getByTestId('tile-sticks'))).toContain('3 товари'));
    expect(textOf(screen.getByTestId('tile-popular'))).toContain('1 товар');
    expect(textOf(screen.getByTestId('tile-devices'))).toContain('Скоро буде');
    const rail = await screen.findByRole('list', { name: 'Популярне' });
    expect(within(rail).getByText('Хіт продажів')).toBeTruthy();
    expect(
      within(rail)
        .getByRole('link', { name: /Хіт продажів/ })
        .getAttribute('href'),
    ).toBe('/shop/popular/2');
    expect(textOf(screen.getByTestId('shop-cart-entry'))).toContain('3');
    expect(textOf(screen.getByTestId('shop-favourites-entry'))).toContain('1');
    expect(screen.getByTestId('catalogue-age').textContent).toContain('Каталог оновлено 5 хв тому');
  });

  it('ogo shows the ogo categories and the velo entry when velo pouches are stored', async () => {
    await act(() => kvSet(db, 'variant', 'ogo'));
    await storeList('ogo-velo', [
      productRow(7, { variant: 'ogo', title: 'velo Ice Cool', tags: ['velo'], category: 'ogo-velo' }),
    ]);
    renderPage(ShopPage, '/shop', '/shop');
    expect(await screen.findByTestId('tile-ogo-velo')).toBeTruthy();
    expect(screen.queryByTestId('tile-sticks')).toBeNull();
    expect((await screen.findByRole('link', { name: /Обери velo/ })).getAttribute('href')).toBe('/shop/choose-velo');
    // No popular list in ogo: the first products in stock stand in.
    expect(
      await within(await screen.findByRole('list', { name: 'Популярне' })).findByText('velo Ice Cool'),
    ).toBeTruthy();
  });
});
