import { describe, expect, it } from 'vitest';
import { exchangeCheck, exchangeState, isExchangeItem } from '../../../src/domain/catalogue/exchange';

const keychain = { bonuses: 300, price: 0, available: true };

describe('XP exchange offers (docs/rules.md#product exchange points)', () => {
  it('a bonus item with an XP price and no money price is an offer; in stock is active', () => {
    expect(isExchangeItem(keychain)).toBe(true);
    expect(isExchangeItem({ bonuses: null, price: 105, available: true })).toBe(false);
    expect(exchangeState(keychain)).toBe('active');
    expect(exchangeState({ ...keychain, available: false })).toBe('inactive');
  });
  it('the balance must cover the price and what the cart already spends', () => {
    expect(exchangeCheck(keychain, 300)).toEqual({ missing: 0, problem: null });
    expect(exchangeCheck(keychain, 250)).toEqual({ missing: 50, problem: 'Не вистачає 50 XP' });
    expect(exchangeCheck(keychain, 500, 300)).toEqual({ missing: 100, problem: 'Не вистачає 100 XP' });
    expect(exchangeCheck({ ...keychain, available: false }, 5000).problem).toMatch(/немає/);
    expect(exchangeCheck(keychain, null).problem).toMatch(/не завантажено/);
  });
});
