import { describe, expect, it } from 'vitest';
import {
  veloLinePrice,
  veloPromoInputVisible,
  veloPromoProblem,
  VELO_USED_TAG,
} from '../../../src/domain/cart/velo-promo';

const velo = { tags: ['velo', 'ipost_allow'] };
const gift = { tags: ['velo', 'velo_gift'] };
const device = { tags: ['ipost_allow'] };
const base = { variant: 'ogo' as const, lines: [velo, device], customerTags: ['pwa_user'] };

describe('velo 20% promo (docs/rules.md#validation, docs/rules.md#constants)', () => {
  it('applies on ogo with velo products, the configured code, unused, without a gift', () => {
    expect(veloPromoProblem({ ...base, code: 'VELO-20%' })).toBeNull();
    expect(veloPromoProblem({ ...base, code: ' velo-20% ' })).toBeNull();
    expect(veloPromoProblem({ ...base, code: 'SPRING', configured: 'SPRING' })).toBeNull();
  });
  it('refuses another code', () => {
    expect(veloPromoProblem({ ...base, code: 'VELO-30%' })).toMatch(/не існує/);
    expect(veloPromoProblem({ ...base, code: 'VELO-20%', configured: 'SPRING' })).toMatch(/не існує/);
  });
  it('refuses on glo, without velo products, once used, and with a velo gift', () => {
    expect(veloPromoProblem({ ...base, variant: 'glo', code: 'VELO-20%' })).toMatch(/ogo/);
    expect(veloPromoProblem({ ...base, lines: [device], code: 'VELO-20%' })).toMatch(/velo/);
    expect(veloPromoProblem({ ...base, customerTags: [VELO_USED_TAG], code: 'VELO-20%' })).toMatch(/вже/);
    expect(veloPromoProblem({ ...base, lines: [velo, gift], code: 'VELO-20%' })).toMatch(/подарунк/);
  });
  it('shows the input under the same conditions', () => {
    expect(veloPromoInputVisible(base)).toBe(true);
    expect(veloPromoInputVisible({ ...base, variant: 'glo' })).toBe(false);
    expect(veloPromoInputVisible({ ...base, lines: [gift, velo] })).toBe(false);
    expect(veloPromoInputVisible({ ...base, customerTags: [VELO_USED_TAG] })).toBe(false);
  });
  it('takes 20% (price × 0.8) off velo lines only', () => {
    expect(veloLinePrice(14_900, velo)).toBe(11_920);
    expect(veloLinePrice(14_999, velo)).toBe(11_999);
    expect(veloLinePrice(14_900, device)).toBe(14_900);
    expect(veloLinePrice(0, gift)).toBe(0);
  });
});
