import { describe, expect, it } from 'vitest';
import {
  cartTotals,
  ipostAllowed,
  veloGiftCount,
  veloGiftDisplayCount,
  zeroPriceFlag,
} from '../../../src/domain/cart/totals';

const line = (price: number, count: number, tags: string[] = [], bonuses = 0) => ({ price, count, tags, bonuses });

describe('cart totals (docs/rules.md#states)', () => {
  it('sums money in kopiykas (no float drift) and XP separately', () => {
    const t = cartTotals([line(0.1, 3), line(0.2, 1), line(0, 2, [], 350)]);
    expect(t.money).toBe(0.5);
    expect(t.xp).toBe(700);
    expect(t.units).toBe(6);
  });
});

describe('zero-priced item flag (docs/rules.md#validation)', () => {
  it('flags a zero-priced item next to a nonzero total', () => {
    expect(zeroPriceFlag([line(100, 1), line(0, 1, [], 300)])).toBe(true);
  });
  it('does not flag a cart paid only with XP, nor a paid cart without zero prices', () => {
    expect(zeroPriceFlag([line(0, 2, [], 300)])).toBe(false);
    expect(zeroPriceFlag([line(100, 1), line(5, 1)])).toBe(false);
  });
  it('does not count a velo gift, which is free by design', () => {
    expect(zeroPriceFlag([line(150, 1, ['velo']), line(0, 1, ['velo', 'velo_gift'])])).toBe(false);
  });
});

describe('iPost allowed (docs/rules.md#entities)', () => {
  it('only when every item carries ipost_allow', () => {
    expect(ipostAllowed([line(1, 1, ['ipost_allow']), line(1, 1, ['ipost_allow', 'velo'])])).toBe(true);
    expect(ipostAllowed([line(1, 1, ['ipost_allow']), line(1, 1, ['velo'])])).toBe(false);
    expect(ipostAllowed([])).toBe(false);
  });
});

describe('velo gift display cap (docs/rules.md#constants)', () => {
  it('shows at most 2 gifts', () => {
    const lines = [line(0, 2, ['velo_gift']), line(0, 3, ['velo_gift']), line(10, 5, ['velo'])];
    expect(veloGiftCount(lines)).toBe(5);
    expect(veloGiftDisplayCount(lines)).toBe(2);
    expect(veloGiftDisplayCount([line(0, 1, ['velo_gift'])])).toBe(1);
  });
});
