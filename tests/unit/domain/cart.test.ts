import { describe, expect, it } from 'vitest';
import { addToCart, decrementLine, MAX_LINE_COUNT, refreshCart, removeLine, setLineCount, type CartLine } from '../../../src/domain/cart';

const item = (variant_id: number, price = 100, tags: string[] = []): Omit<CartLine, 'count'> => ({
  variant_id,
  id: variant_id + 1000,
  price,
  bonuses: 0,
  collectionId: 270101,
  tags,
  quantity: 20,
});

describe('cart transitions (spec §4)', () => {
  it('adds one, then increments the same variant instead of adding a second line', () => {
    let cart = addToCart([], item(1));
    cart = addToCart(cart, item(1));
    cart = addToCart(cart, item(2));
    expect(cart.map((l) => [l.variant_id, l.count])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('decrements only while the count is above 1', () => {
    let cart = addToCart(addToCart([], item(1)), item(1));
    cart = decrementLine(cart, 1);
    expect(cart[0]?.count).toBe(1);
    cart = decrementLine(cart, 1);
    expect(cart[0]?.count).toBe(1);
    expect(cart).toHaveLength(1);
  });

  it('sets a count within 1..99 and ignores a non-number', () => {
    const cart = addToCart([], item(1));
    expect(setLineCount(cart, 1, 5)[0]?.count).toBe(5);
    expect(setLineCount(cart, 1, 0)[0]?.count).toBe(1);
    expect(setLineCount(cart, 1, 1000)[0]?.count).toBe(MAX_LINE_COUNT);
    expect(setLineCount(cart, 1, Number.NaN)[0]?.count).toBe(1);
  });

  it('removes a line by variant', () => {
    const cart = addToCart(addToCart([], item(1)), item(2));
    expect(removeLine(cart, 1).map((l) => l.variant_id)).toEqual([2]);
  });

  it('refresh keeps only lines the server returned, with their new price and bonuses', () => {
    let cart = addToCart(addToCart(addToCart([], item(1, 100)), item(2, 50)), item(3, 10));
    cart = setLineCount(cart, 3, 4);
    const fresh = refreshCart(cart, [
      { variant_id: 3, price: 12.5, bonuses: null },
      { variant_id: 1, price: 90, bonuses: 300 },
    ]);
    expect(fresh.map((l) => [l.variant_id, l.price, l.bonuses, l.count])).toEqual([
      [1, 90, 300, 1],
      [3, 12.5, 0, 4],
    ]);
  });
});
