import { describe, expect, it } from 'vitest';
import { friendCodeCounts, friendCodeProblem } from '../../../src/domain/invite/friend-code';

describe('friend promo code (docs/rules.md#validation)', () => {
  it('counts for a first order with the REW- prefix and more than 4 characters', () => {
    expect(friendCodeCounts('REW-AB12CD', 0)).toBe(true);
    expect(friendCodeCounts('  rew-x ', 0)).toBe(true);
  });
  it('does not count once the member has orders', () => {
    expect(friendCodeCounts('REW-AB12CD', 1)).toBe(false);
    expect(friendCodeProblem('REW-AB12CD', 3)).toMatch(/першого замовлення/);
  });
  it('needs length over 4 and the prefix', () => {
    expect(friendCodeCounts('REW-', 0)).toBe(false);
    expect(friendCodeCounts('ABCDEFG', 0)).toBe(false);
    expect(friendCodeCounts('XREW-ABC', 0)).toBe(false);
  });
});
