// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CartPage from '../../../../src/features/shop/cart/cart-page';
import { addProductToCart } from '../../../../src/sync/mutations/shop/cart-change';
import { parseCartMirror, toMirror } from '../../../../src/sync/mutations/shop/cart-mirror';
import { localCart } from '../../../../src/sync/mutations/shop/cart-state';
import { metafieldServer, product } from '../../sync/support/shop-fixtures';
import { db, productRow, textOf, withSyncRuntime } from './support';

const renderSynced = withSyncRuntime();

/** The cart page with a real sync runtime over the app's database and a scripted server. */
function renderWithSync(online: boolean, server = metafieldServer()) {
  const seen = renderSynced(
    <CartPage />,
    '/shop/cart',
    '/shop/cart',
    {
      ...server.handlers,
      // Product 2 is no longer sold; product 1 costs more now.
      '/api/api-shop/get-products-by-id': (_r, b) => ({
        status: 200,
        body: {
          products: (b.prods as Array<{ id: number }>)
            .filter((p) => p.id === 1)
            .map((p) => product(p.id, { price: 120 })),
        },
      }),
    },
    online,
  );
  return { server, seen };
}

async function fill(server: ReturnType<typeof metafieldServer>) {
  await act(async () => {
    await addProductToCart(db, { variant: 'glo', customerId: 101 }, productRow(1, { price: 95 }), 2);
    await addProductToCart(db, { variant: 'glo', customerId: 101 }, productRow(2, { price: 50 }));
    // As if both adds had been sent and accepted earlier: the server holds them.
    server.set(101, 'cart', toMirror(await localCart(db, 'glo')));
    await db.outbox.clear();
  });
}

describe('cart refresh on open (docs/rules.md#states), made by the sync layer', () => {
  it('online: keeps only what the server still sells, at its price, and mirrors that to the server', async () => {
    const server = metafieldServer();
    await fill(server);
    const { seen } = renderWithSync(true, server);
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(textOf(screen.getByTestId('cart-total'))).toBe('240 грн');
    await waitFor(() =>
      expect(parseCartMirror(server.value(101, 'cart') ?? '[]').map((l) => [l.productId, l.count, l.price])).toEqual([
        [1, 2, 120],
      ]),
    );
    expect(seen.filter((r) => r.url.endsWith('/get-products-by-id'))).toHaveLength(1);
  });

  it('offline: nothing is asked, the stored cart shows, with a note that prices are checked later', async () => {
    const server = metafieldServer();
    await fill(server);
    const { seen } = renderWithSync(false, server);
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2));
    expect(screen.getByText(/Ти офлайн/)).toBeTruthy();
    expect(seen).toHaveLength(0);
  });
});
