import { describe, expect, it } from 'vitest';
import { VELO_GIFT_PROBLEMS, veloGiftProblem } from '../../../src/domain/cart/totals';

/** docs/rules.md#constants: the gift rules the app shows and the server enforces, from one place. */
const pouch = { tags: ['velo'], count: 1, price: 159 };
const gift = (count: number) => ({ tags: ['velo', 'velo_gift'], count, price: 0 });
const stick = { tags: [], count: 1, price: 78 };

describe('veloGiftProblem', () => {
  it('has nothing to say of a cart without gifts, or up to 2 gifts beside a paid velo product', () => {
    expect(veloGiftProblem([stick])).toBeNull();
    expect(veloGiftProblem([pouch, gift(2)])).toBeNull();
    expect(veloGiftProblem([pouch, gift(1), gift(1)])).toBeNull();
  });
  it('refuses a third gift unit, counted across lines', () => {
    expect(veloGiftProblem([pouch, gift(3)])).toBe(VELO_GIFT_PROBLEMS.tooMany);
    expect(veloGiftProblem([pouch, gift(2), gift(1)])).toBe(VELO_GIFT_PROBLEMS.tooMany);
    expect(veloGiftProblem([stick, gift(99), gift(99)])).toBe(VELO_GIFT_PROBLEMS.tooMany);
  });
  it('refuses gifts without a velo product paid with money', () => {
    expect(veloGiftProblem([stick, gift(1)])).toBe(VELO_GIFT_PROBLEMS.noVelo);
    expect(veloGiftProblem([{ tags: ['velo'], count: 1, price: 0 }, gift(1)])).toBe(VELO_GIFT_PROBLEMS.noVelo);
  });
});
