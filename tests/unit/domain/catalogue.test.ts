import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  categoriesOf,
  categoryByCollectionId,
  categoryBySlug,
} from '../../../src/domain/catalogue/catalogue';
import { formatUah, percentOff, toKop, toUah } from '../../../src/domain/format/money';
import { DEVICE_REGISTRATION_XP, isValidSerial, normalizeSerial } from '../../../src/domain/xp/device-registration';

describe('catalogue categories (docs/rules.md#constants)', () => {
  it('has the twelve categories of docs/rules.md#constants plus ogo-merch of docs/rules.md#screens', () => {
    const spec = [
      'sticks',
      'devices',
      'bonus',
      'accessories',
      'ogo-devices',
      'ogo-bonus',
      'ogo-sticks',
      'ogo-sticks-single',
      'ogo-cigs',
      'ogo-velo',
      'ogo-accessories',
      'popular',
    ];
    for (const slug of spec) expect(categoryBySlug(slug), slug).toBeDefined();
    expect(CATEGORIES).toHaveLength(13);
    expect(categoryBySlug('ogo-merch')?.variant).toBe('ogo');
  });
  it('splits by variant, with unique collection ids and Ukrainian titles', () => {
    expect(categoriesOf('glo').map((c) => c.slug)).toEqual(['sticks', 'devices', 'bonus', 'accessories', 'popular']);
    expect(categoriesOf('ogo').every((c) => c.slug.startsWith('ogo-'))).toBe(true);
    expect(new Set(CATEGORIES.map((c) => c.collectionId)).size).toBe(13);
    for (const c of CATEGORIES) {
      expect(c.title).toMatch(/[А-Яа-яІіЇїЄєҐґ]/);
      expect(categoryByCollectionId(c.collectionId)).toBe(c);
    }
    expect(CATEGORIES.filter((c) => c.bonus).map((c) => c.slug)).toEqual(['bonus', 'ogo-bonus']);
  });
});

describe('money (docs/rules.md#constants currency UAH)', () => {
  it('converts without float drift and discounts to the kopiyka', () => {
    expect(toKop(0.1 + 0.2)).toBe(30);
    expect(toUah(14990)).toBe(149.9);
    expect(percentOff(10_001, 20)).toBe(8001);
    expect(formatUah(1234.5).replace(/\s/g, ' ')).toBe('1 234,5 грн');
  });
});

describe('device registration', () => {
  it('normalizes and checks serials', () => {
    expect(normalizeSerial(' ab12-cd34 ef56 ')).toBe('AB12CD34EF56');
    expect(isValidSerial('ab12-cd34')).toBe(true);
    expect(isValidSerial('short')).toBe(false);
    expect(isValidSerial('ЖЖЖЖЖЖЖЖЖ')).toBe(false);
    expect(DEVICE_REGISTRATION_XP).toBeGreaterThan(0);
  });
});
