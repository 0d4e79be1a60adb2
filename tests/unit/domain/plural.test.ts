import { describe, expect, it } from 'vitest';
import { pluralUk } from '../../../src/domain/format/plural';

const XP = ['бал', 'бали', 'балів'] as const;

describe('pluralUk', () => {
  it('chooses the form by the last two digits', () => {
    expect([0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1001].map((n) => pluralUk(n, XP))).toEqual([
      'балів',
      'бал',
      'бали',
      'бали',
      'балів',
      'балів',
      'балів',
      'балів',
      'бал',
      'бали',
      'балів',
      'бал',
      'балів',
      'бал',
    ]);
  });

  it('takes a negative count by its absolute value, as a spent amount is read', () => {
    expect([-1, -2, -5, -11, -21].map((n) => pluralUk(n, XP))).toEqual(['бал', 'бали', 'балів', 'балів', 'бал']);
  });
});
