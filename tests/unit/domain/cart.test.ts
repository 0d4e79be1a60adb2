import { describe, expect, it } from 'vitest';
import {
  addToCart,
  applyCartOp,
  decrementLine,
  MAX_CART_LINES,
  MAX_LINE_COUNT,
  refreshCart,
  removeLine,
  setLineCount,
  type CartLine,
} from '../../../src/domain/cart/cart';

const item = (variantId: number, price = 100, tags: string[] = []): Omit<CartLine, 'count'> => ({
  variantId,
  productId: variantId + 1000,
  price,
  bonuses: 0,
  collectionId: 270101,
  tags,
  quantity: 20,
  title: `Стіки ${variantId}`,
  subTitle: '',
  image: null,
  category: 'sticks',
});

describe('cart transitions (docs/rules.md#states)', () => {
  it('adds one, then increments the same variant instead of adding a second line', () => {
    let cart = addToCart([], item(1));
    cart = addToCart(cart, item(1));
    cart = addToCart(cart, item(2));
    expect(cart.map((l) => [l.variantId, l.count])).toEqual([
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
    expect(removeLine(cart, 1).map((l) => l.variantId)).toEqual([2]);
  });

  it('refresh keeps only lines the server returned, with their new price and bonuses', () => {
    let cart = addToCart(addToCart(addToCart([], item(1, 100)), item(2, 50)), item(3, 10));
    cart = setLineCount(cart, 3, 4);
    const fresh = refreshCart(cart, [
      { variant_id: 3, price: 12.5, bonuses: null },
      { variant_id: 1, price: 90, bonuses: 300 },
    ]);
    expect(fresh.map((l) => [l.variantId, l.price, l.bonuses, l.count])).toEqual([
      [1, 90, 300, 1],
      [3, 12.5, 0, 4],
    ]);
  });

  it(`takes no new line into a cart of ${MAX_CART_LINES} lines, and still adds to a line it holds`, () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, n) => ({ ...item(n + 1), count: 1 }));
    expect(addToCart(full, item(MAX_CART_LINES + 1))).toEqual(full);
    expect(applyCartOp(full, { op: 'add', line: { ...item(MAX_CART_LINES + 1), count: 1 }, units: 3 })).toEqual(full);
    expect(applyCartOp(full, { op: 'add', line: { ...item(1), count: 1 }, units: 3 })[0]?.count).toBe(4);
  });
});
