// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ListPage from '../../../../src/features/shop/catalogue/list-page';
import ProductPage from '../../../../src/features/shop/product/product-page';
import ShopPage from '../../../../src/features/shop/catalogue/shop-page';
import { product } from '../../sync/support/shop-fixtures';
import { db, productRow, renderPage, signedIn, storeList, withSyncRuntime } from './support';

const renderWithSync = withSyncRuntime();

describe('catalogue gaps', () => {
  it('a deep link to a product the device has not stored loads it with get-product-by-id (online)', async () => {
    const seen = renderWithSync(<ProductPage />, '/shop/sticks/:id', '/shop/sticks/77', {
      '/api/api-shop/get-product-by-id': (_r, b) => ({
        status: 200,
        body: { product: product(b.id as number, { title: 'Стіки з посилання' }) },
      }),
    });
    expect(await screen.findByText('Стіки з посилання')).toBeTruthy();
    expect(seen.some((r) => r.url.endsWith('/api/api-shop/get-product-by-id'))).toBe(true);
    expect(await db.products.get(['glo', 77])).toMatchObject({ title: 'Стіки з посилання' });
  });

  it('a product the server does not have either says «not found»; offline the link waits without asking', async () => {
    renderWithSync(<ProductPage />, '/shop/sticks/:id', '/shop/sticks/78', {
      '/api/api-shop/get-product-by-id': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'Товар не знайдено' } },
      }),
    });
    expect(await screen.findByText('Товар не знайдено')).toBeTruthy();
    cleanup();
    const seen = renderWithSync(<ProductPage />, '/shop/sticks/:id', '/shop/sticks/79', {}, false);
    expect(await screen.findByText('Товар не знайдено')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('search covers every stored list of the shop, offline too', async () => {
    await storeList('sticks', [
      productRow(1, { title: 'Стіки «Крижана мʼята»' }),
      productRow(2, { title: 'Стіки «Тютюн»' }),
    ]);
    await storeList('accessories', [
      productRow(3, { title: 'Кейс мʼятного кольору', category: 'accessories', collectionId: 270104 }),
    ]);
    renderPage(ShopPage, '/shop', '/shop');
    fireEvent.change(await screen.findByTestId('shop-search'), { target: { value: 'мʼят' } });
    await waitFor(() =>
      expect(screen.getAllByTestId('product-card').map((c) => c.getAttribute('data-product-id'))).toEqual(['1', '3']),
    );
    fireEvent.change(screen.getByTestId('shop-search'), { target: { value: 'нічого такого' } });
    expect(await screen.findByText('Нічого не знайдено за «нічого такого»')).toBeTruthy();
  });

  it('a list of the other shop offers the switch, both ways, instead of showing its goods with this cart', async () => {
    await storeList('sticks', [productRow(1)]);
    renderPage(ListPage, '/shop/:list', '/shop/ogo-velo');
    expect(await screen.findByText('Це розділ магазину ogo')).toBeTruthy();
    expect(screen.getByTestId('switch-shop').textContent).toBe('Перейти в магазин ogo');
    cleanup();
    await signedIn('ogo');
    await storeList('sticks', [productRow(1)]);
    renderPage(ListPage, '/shop/:list', '/shop/sticks');
    expect(await screen.findByText('Це розділ магазину glo')).toBeTruthy();
    expect(screen.queryByTestId('product-card')).toBeNull();
  });

  it('a long list renders only the rows near the screen', async () => {
    await storeList(
      'sticks',
      Array.from({ length: 500 }, (_, i) => productRow(i + 1)),
    );
    renderPage(ListPage, '/shop/:list', '/shop/sticks');
    await waitFor(() => expect(screen.getAllByTestId('product-card').length).toBeGreaterThan(0));
    expect(screen.getAllByTestId('product-card').length).toBeLessThan(60);
    expect(screen.getByText('500 товарів')).toBeTruthy();
  });
});
