import { describe, expect, it } from 'vitest';
import { cleanPromoCode, promoCodeInputProblem } from '../../../src/domain/cart/promo-code-input';

const FRIEND = 'REW-K7P2MX';
const VELO = 'VELO-20%';

describe('a typed promo code (docs/rules.md#validation REW- and VELO-20%): bad input gets a message and is not sent', () => {
  it('letters of either case, digits, «-» and «%» pass; kept in capitals without the spaces around', () => {
    expect(promoCodeInputProblem('REW-OLENA7', FRIEND)).toBeNull();
    expect(promoCodeInputProblem('VELO-20%', VELO)).toBeNull();
    expect(promoCodeInputProblem('  VELO-20% ', VELO)).toBeNull();
    expect(promoCodeInputProblem('velo-20%', VELO)).toBeNull();
    expect(promoCodeInputProblem('rew-olena7', FRIEND)).toBeNull();
    expect(cleanPromoCode('  VELO-20% ')).toBe('VELO-20%');
    expect(cleanPromoCode(' velo-20%')).toBe('VELO-20%');
    expect(cleanPromoCode('Rew-Olena7')).toBe('REW-OLENA7');
  });
  it('empty, spaces inside, Cyrillic, other signs, too long; the example is the field’s own kind of code', () => {
    expect(promoCodeInputProblem('  ', VELO)).toBe('Введи промокод');
    expect(promoCodeInputProblem('VELO 20%', VELO)).toBe('Промокод пишеться без пробілів');
    expect(promoCodeInputProblem('ВЕЛО-20%', VELO)).toBe('Промокод пишеться латинськими літерами, як-от VELO-20%');
    expect(promoCodeInputProblem('РЕВ-ОЛЕНА7', FRIEND)).toBe(
      'Промокод пишеться латинськими літерами, як-от REW-K7P2MX',
    );
    expect(promoCodeInputProblem('REW_OLENA!', FRIEND)).toBe(
      'Промокод може містити лише латинські літери, цифри, «-» і «%», як-от REW-K7P2MX',
    );
    expect(promoCodeInputProblem('VELO#20', VELO)).toMatch(/як-от VELO-20%$/);
    expect(promoCodeInputProblem('A'.repeat(51), VELO)).toBe('Промокод задовгий');
    for (const bad of ['velo 20%', 'ВЕЛО-20%', 'VELO#20'])
      expect(promoCodeInputProblem(bad, VELO)).not.toContain('REW-');
  });
});
