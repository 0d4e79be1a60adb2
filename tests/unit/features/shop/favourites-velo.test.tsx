// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kvSet } from '../../../../src/db/kv';
import ChooseVeloPage from '../../../../src/features/shop/velo/choose-velo-page';
import FavouritePage from '../../../../src/features/shop/catalogue/favourite-page';
import { toggleFavourite } from '../../../../src/sync/mutations/shop/favourite-toggle';
import { db, productRow, renderPage, signedIn, storeList } from './support';

beforeEach(() => signedIn('glo'));
afterEach(cleanup);

describe('favourites (/shop/favorite)', () => {
  it('empty, then the active variant’s favourites newest first, following toggles live', async () => {
    await storeList('sticks', [productRow(1, { title: 'Перший' }), productRow(2, { title: 'Другий' })]);
    renderPage(FavouritePage, '/shop/favorite', '/shop/favorite');
    expect(await screen.findByText('Тут поки порожньо')).toBeTruthy();
    await act(async () => {
      await toggleFavourite(db, { variant: 'glo', customerId: 101 }, 1, 1000);
      await toggleFavourite(db, { variant: 'glo', customerId: 101 }, 2, 2000);
      await toggleFavourite(db, { variant: 'ogo', customerId: 202 }, 1, 3000);
    });
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(2));
    expect(screen.getAllByTestId('product-card').map((c) => c.getAttribute('data-product-id'))).toEqual(['2', '1']);
    expect(within(screen.getAllByTestId('product-card')[0]!).getByRole('link').getAttribute('href')).toBe(
      '/shop/sticks/2',
    );
    await act(async () => {
      await toggleFavourite(db, { variant: 'glo', customerId: 101 }, 2, 4000);
    });
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(1));
  });

  it('says how many favourites wait for the catalogue', async () => {
    await storeList('sticks', [productRow(1)]);
    await act(async () => {
      await db.favourites.bulkPut([
        { variant: 'glo', productId: 1, addedAt: 1 },
        { variant: 'glo', productId: 99, addedAt: 2 },
      ]);
    });
    renderPage(FavouritePage, '/shop/favorite', '/shop/favorite');
    expect(await screen.findByText(/Ще 1 з обраного/)).toBeTruthy();
  });
});

describe('choose velo (/shop/choose-velo)', () => {
  it('lists velo pouches and at most 2 velo gifts (docs/rules.md#constants)', async () => {
    await act(() => kvSet(db, 'variant', 'ogo'));
    const velo = (id: number, tags: string[]) =>
      productRow(id, {
        variant: 'ogo',
        title: `velo ${id}`,
        tags,
        category: 'ogo-velo',
        price: tags.includes('velo_gift') ? 0 : 150,
      });
    await storeList('ogo-velo', [
      velo(1, ['velo']),
      velo(2, ['velo']),
      velo(3, ['velo', 'velo_gift']),
      velo(4, ['velo', 'velo_gift']),
      velo(5, ['velo', 'velo_gift']),
    ]);
    await storeList('ogo-sticks', [productRow(6, { variant: 'ogo', title: 'Не velo' })]);
    renderPage(ChooseVeloPage, '/shop/choose-velo', '/shop/choose-velo');
    const gifts = await screen.findByRole('list', { name: 'Подарунки' });
    expect(within(gifts).getAllByTestId('product-card')).toHaveLength(2);
    expect(within(screen.getByRole('list', { name: 'Паучі velo' })).getAllByTestId('product-card')).toHaveLength(2);
    expect(screen.queryByText('Не velo')).toBeNull();
  });

  it('a shop without velo says where velo is sold', async () => {
    renderPage(ChooseVeloPage, '/shop/choose-velo', '/shop/choose-velo');
    expect(await screen.findByText('velo поки немає')).toBeTruthy();
  });
});
