import { describe, expect, it } from 'vitest';
import { isAdult, isAgeVerified } from '../../../../src/domain/auth/age';
import { formatPhone, normalizePhone, toUkrainianMobile } from '../../../../src/domain/auth/phone';
import { isTestPhone, phoneOrProblem } from '../../../../src/sync/auth/actions';

describe('docs/rules.md#validation age rule', () => {
  it('verified by the age_verified tag, on any variant', () => {
    expect(isAgeVerified({ tags: ['pwa_user', 'age_verified'], metafields: [], ogo: false })).toBe(true);
    expect(isAgeVerified({ tags: ['age_verified'], metafields: [], ogo: true })).toBe(true);
    expect(isAgeVerified({ tags: ['pwa_user'], metafields: [], ogo: false })).toBe(false);
  });

  it('verified by a truthy age_verified metafield; for ogo only in the namespace verification', () => {
    const mf = (namespace: string, value: string) => [{ namespace, key: 'age_verified', value }];
    expect(isAgeVerified({ tags: [], metafields: mf('custom', 'true'), ogo: false })).toBe(true);
    expect(isAgeVerified({ tags: [], metafields: mf('custom', 'true'), ogo: true })).toBe(false);
    expect(isAgeVerified({ tags: [], metafields: mf('verification', 'true'), ogo: true })).toBe(true);
    expect(isAgeVerified({ tags: [], metafields: mf('verification', 'false'), ogo: true })).toBe(false);
    expect(isAgeVerified({ tags: [], metafields: mf('verification', ''), ogo: true })).toBe(false);
  });

  it('an adult is 18 on the day of the birthday, not the day before', () => {
    const today = new Date('2026-03-01T12:00:00Z');
    expect(isAdult('2008-03-01', today)).toBe(true);
    expect(isAdult('2008-03-02', today)).toBe(false);
    expect(isAdult('2008-02-30', today)).toBe(false);
  });
});

describe('docs/rules.md#validation phones: stripped to digits (also in test login)', () => {
  it('strips everything but digits', () => {
    expect(normalizePhone('+38 (050) 000-00-01')).toBe('380500000001');
  });

  it('brings the usual spellings to 380XXXXXXXXX and refuses others', () => {
    for (const typed of ['0501234567', '+380 50 123 45 67', '380501234567', '50 123 45 67'])
      expect(toUkrainianMobile(typed)).toBe('380501234567');
    expect(toUkrainianMobile('12345')).toBeNull();
    expect(() => phoneOrProblem('12345')).toThrow(/\+380/);
    expect(formatPhone('380501234567')).toBe('+380 50 123 45 67');
  });

  it('the allow-list of docs/rules.md#roles is compared on digits, whatever the spelling', () => {
    const env = { testPhones: ['380500000001', '380500000002'] };
    expect(isTestPhone(env, '+380 (50) 000-00-01')).toBe(true);
    expect(isTestPhone(env, '050 000 00 02')).toBe(true);
    expect(isTestPhone(env, '380500000003')).toBe(false);
  });
});
