import { describe, expect, it } from 'vitest';
import { cleanPromoCode, promoCodeInputProblem } from '../../../src/domain/promo-code-input';

describe('a typed promo code (spec §5 REW- and VELO-20%): bad input gets a message and is not sent', () => {
  it('capitals, digits, «-» and «%» pass; spaces around are dropped', () => {
    expect(promoCodeInputProblem('REW-OLENA7')).toBeNull();
    expect(promoCodeInputProblem('VELO-20%')).toBeNull();
    expect(promoCodeInputProblem('  VELO-20% ')).toBeNull();
    expect(cleanPromoCode('  VELO-20% ')).toBe('VELO-20%');
  });
  it('empty, spaces inside, lower case, Cyrillic, other signs, too long', () => {
    expect(promoCodeInputProblem('  ')).toBe('Введи промокод');
    expect(promoCodeInputProblem('VELO 20%')).toBe('Промокод пишеться без пробілів');
    expect(promoCodeInputProblem('velo-20%')).toBe('Промокод пишеться великими літерами, як-от REW-ABC123');
    expect(promoCodeInputProblem('РЕВ-ОЛЕНА7')).toBe('Промокод пишеться латинськими літерами');
    expect(promoCodeInputProblem('REW_OLENA!')).toMatch(/лише латинські літери/);
    expect(promoCodeInputProblem('A'.repeat(51))).toBe('Промокод задовгий');
  });
});
