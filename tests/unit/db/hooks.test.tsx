// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClubDb } from '../../../src/db/database';
import { useCart, useCatalogue, useKv } from '../../../src/db/hooks';
import { kvSet } from '../../../src/db/kv';
import { cartRow } from './support/cart-row';

afterEach(cleanup);

function Cart({ db }: { db: ClubDb }) {
  const lines = useCart('glo', db);
  if (!lines) return <p>…</p>;
  return <p>{lines.map((l) => `${l.productId}×${l.count}`).join(', ') || 'порожньо'}</p>;
}

function Shelf({ db }: { db: ClubDb }) {
  const products = useCatalogue('ogo', 'ogo-sticks', db);
  const variant = useKv('variant', db);
  return <p>{`${variant ?? '-'}: ${products?.map((p) => p.title).join('|') ?? '…'}`}</p>;
}

describe('live queries for the screens', () => {
  it('the cart re-renders when one of its lines changes, and not for the other variant’s cart', async () => {
    const db = new ClubDb(`hooks-${Math.random()}`);
    render(<Cart db={db} />);
    expect(await screen.findByText('порожньо')).toBeDefined();
    const line = cartRow();
    await act(() => db.cart.put(line));
    expect(await screen.findByText('70×1')).toBeDefined();
    await act(() => db.cart.update(['glo', 7], { count: 3 }));
    expect(await screen.findByText('70×3')).toBeDefined();
    await act(() => db.cart.put({ ...line, variant: 'ogo', count: 9 }));
    expect(screen.getByText('70×3')).toBeDefined();
  });

  it('a catalogue shelf and a key-value flag', async () => {
    const db = new ClubDb(`hooks-${Math.random()}`);
    render(<Shelf db={db} />);
    expect(await screen.findByText('-:')).toBeDefined();
    const p = {
      variant: 'ogo' as const,
      id: 1,
      category: 'ogo-sticks',
      collectionId: 5,
      title: 'Стіки',
      subTitle: '',
      price: 80,
      bonuses: null,
      quantity: 20,
      tags: [],
      image: null,
      variantId: 1,
      description: '',
      available: true,
      fetchedAt: 1,
    };
    await act(async () => {
      await db.collections.put({
        variant: 'ogo',
        id: 5,
        category: 'ogo-sticks',
        title: 'Стіки',
        products: [p, { ...p, id: 2, title: 'Міні' }],
        fetchedAt: 1,
      });
      await kvSet(db, 'variant', 'ogo');
    });
    expect(await screen.findByText('ogo: Стіки|Міні')).toBeDefined();
  });
});
