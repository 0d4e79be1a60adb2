import { describe, expect, it } from 'vitest';
import {
  SCAN_MONTHLY_GOAL,
  scanGoalReached,
  scanMessage,
  scanPercent,
  scanProgress,
} from '../../../src/domain/scan/goal';
import { pluralUk } from '../../../src/domain/format/plural';
import { SCAN_COPY } from '../../../src/features/scan/copy';

describe('monthly scan goal (docs/api.md#scan get-scan-percent, get-message; docs/rules.md#validation progress clamped 0..1)', () => {
  it('has a goal of 10 scans and clamps progress to 0..1', () => {
    expect(SCAN_MONTHLY_GOAL).toBe(10);
    expect(scanProgress(0)).toBe(0);
    expect(scanProgress(5)).toBe(0.5);
    expect(scanProgress(25)).toBe(1);
    expect(scanProgress(-3)).toBe(0);
    expect(scanProgress(3, 0)).toBe(1);
  });

  it('rounds the percentage down, so 100 only when the goal is met', () => {
    expect(scanPercent(3)).toBe(30);
    expect(scanPercent(2, 3)).toBe(66);
    expect(scanPercent(9)).toBe(90);
    expect(scanPercent(10)).toBe(100);
    expect(scanPercent(14)).toBe(100);
  });

  it('uses the Ukrainian plural forms', () => {
    const forms = ['скан', 'скани', 'сканів'] as const;
    expect([1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111].map((n) => pluralUk(n, forms))).toEqual([
      'скан',
      'скани',
      'скани',
      'сканів',
      'сканів',
      'сканів',
      'сканів',
      'скан',
      'скани',
      'сканів',
      'скан',
      'сканів',
    ]);
  });

  it('says something different at each stage of the month', () => {
    expect(scanMessage(0)).toMatch(/ще жодного скану.*10 сканів/);
    expect(scanMessage(1)).toMatch(/1 скан цього місяця\. Залишилось 9 сканів/);
    expect(scanMessage(6)).toMatch(/половину.*6 з 10.*Залишилось 4 скани/);
    expect(scanMessage(10)).toMatch(/Ціль місяця виконано: 10 сканів/);
    expect(scanMessage(12)).toMatch(/12 сканів.*більше за ціль у 10/);
    const all = new Set([0, 1, 6, 10, 12].map((n) => scanMessage(n)));
    expect(all.size).toBe(5);
  });

  it('says the goal is reached from the goal on, never «11 з 10»', () => {
    expect([9, 10, 11].map((n) => scanGoalReached(n))).toEqual([false, true, true]);
    const line = SCAN_COPY.month.count;
    expect(line(3, 10)).toEqual({ figure: '3 з 10', words: 'сканів до цілі' });
    expect(line(10, 10)).toEqual({ figure: '10', words: 'сканів — ціль місяця досягнуто' });
    expect(line(11, 10)).toEqual({ figure: '11', words: 'сканів — ціль місяця досягнуто' });
    expect(line(21, 10).words).toBe('скан — ціль місяця досягнуто');
  });
});
