import { describe, expect, it } from 'vitest';
import {
  CERT_REGISTRATION_FLAG_MS,
  DEFAULT_CERT_CATEGORIES,
  certCategoriesOrDefault,
  hourlyDate,
  isRegistrationFresh,
  isTokenLive,
  isTooSimplePin,
  pinProblem,
  smsCodeProblem,
  xpShortfall,
} from '../../../src/domain/programme/cert-rules';

describe('certificate categories (docs/rules.md#entities defaults)', () => {
  it('are the defaults (docs/rules.md#entities), in Ukrainian, when the server sends none', () => {
    for (const none of [[], null, undefined]) {
      expect(certCategoriesOrDefault(none).map((c) => c.CATEGORY_ID)).toEqual([1, 2, 4, 5, 6, 7]);
    }
    expect(DEFAULT_CERT_CATEGORIES.map((c) => c.CATEGORY_NAME)).toEqual([
      'Електроніка',
      'Продукти харчування',
      'Мобільні оператори',
      'Пальне',
      'Розваги',
      'Краса та здоров’я',
    ]);
    // Never category 3: docs/rules.md#entities skips it.
    expect(DEFAULT_CERT_CATEGORIES.some((c) => c.CATEGORY_ID === 3)).toBe(false);
  });

  it('are the server’s when it sends some, in its order', () => {
    expect(
      certCategoriesOrDefault([
        { CATEGORY_ID: 5, CATEGORY_NAME: 'Пальне' },
        { CATEGORY_ID: 9, CATEGORY_NAME: 'Подорожі' },
      ]),
    ).toEqual([
      { CATEGORY_ID: 5, CATEGORY_NAME: 'Пальне' },
      { CATEGORY_ID: 9, CATEGORY_NAME: 'Подорожі' },
    ]);
  });

  it('name a nameless default id in Ukrainian, drop unusable ones, and show an id once', () => {
    expect(
      certCategoriesOrDefault([
        { CATEGORY_ID: 4, CATEGORY_NAME: '  ' },
        { CATEGORY_ID: 4, CATEGORY_NAME: 'Ще раз' },
        { CATEGORY_ID: 11 },
        { CATEGORY_ID: -1, CATEGORY_NAME: 'x' },
        { CATEGORY_ID: 1.5, CATEGORY_NAME: 'x' },
      ]),
    ).toEqual([{ CATEGORY_ID: 4, CATEGORY_NAME: 'Мобільні оператори' }]);
    // Nothing usable at all: the defaults.
    expect(certCategoriesOrDefault([{ CATEGORY_ID: 12 }])).toHaveLength(6);
  });
});

describe('certificate token (docs/api.md#auth get-auth, docs/rules.md#constants hourly date, other tokens until server expiry)', () => {
  it('is asked with the current hour, UTC', () => {
    expect(hourlyDate(Date.parse('2026-11-23T10:59:59.999Z'))).toBe('2026-11-23T10:00Z');
    expect(hourlyDate(Date.parse('2026-11-23T11:00:00.000Z'))).toBe('2026-11-23T11:00Z');
    // Local time zones do not move it.
    expect(hourlyDate(Date.parse('2026-11-23T01:30:00+02:00'))).toBe('2026-11-22T23:00Z');
  });

  it('is kept until its server expiry less a minute, and a broken expiry counts as dead', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(isTokenLive({ expiresAt: '2026-11-23T11:00:00Z' }, now)).toBe(true);
    expect(isTokenLive({ expiresAt: '2026-11-23T10:01:00Z' }, now)).toBe(false);
    expect(isTokenLive({ expiresAt: '2026-11-23T10:01:01Z' }, now)).toBe(true);
    expect(isTokenLive({ expiresAt: 'soon' }, now)).toBe(false);
    expect(isTokenLive(null, now)).toBe(false);
  });
});

describe('certificate registration flag (docs/rules.md#constants: 3 days)', () => {
  it('counts for three days after the registration, not a moment longer', () => {
    const at = Date.parse('2026-11-20T12:00:00Z');
    expect(CERT_REGISTRATION_FLAG_MS).toBe(3 * 24 * 3_600_000);
    expect(isRegistrationFresh(at, at)).toBe(true);
    expect(isRegistrationFresh(at, at + CERT_REGISTRATION_FLAG_MS - 1)).toBe(true);
    expect(isRegistrationFresh(at, at + CERT_REGISTRATION_FLAG_MS)).toBe(false);
    expect(isRegistrationFresh(null, at)).toBe(false);
    // A stamp from the future (a clock set back) does not count.
    expect(isRegistrationFresh(at + 1000, at)).toBe(false);
  });
});

describe('PIN and SMS code checks before anything is sent', () => {
  it('wants exactly 4 digits for a PIN and 6 for the SMS code', () => {
    expect(pinProblem('2580')).toBeNull();
    for (const bad of ['', '258', '25800', '25a0', ' 2580', '２５８０'])
      expect(pinProblem(bad)).toBe('PIN — це 4 цифри');
    expect(smsCodeProblem('123456')).toBeNull();
    for (const bad of ['12345', '1234567', '12345a']) expect(smsCodeProblem(bad)).toBe('Код з SMS — це 6 цифр');
  });

  it('refuses a too simple new PIN (the server’s own rule), but lets one be entered', () => {
    for (const simple of ['1111', '1234', '9876', '0000', '3456']) expect(isTooSimplePin(simple)).toBe(true);
    for (const fine of ['2580', '1243', '9087', '1112']) expect(isTooSimplePin(fine)).toBe(false);
    expect(pinProblem('1234', true)).toBe('PIN занадто простий. Обери інші цифри');
    expect(pinProblem('1234')).toBeNull();
  });
});

describe('not enough XP (checked before buying)', () => {
  it('says how much is missing, and leaves an unknown balance to the server', () => {
    expect(xpShortfall(500, 600)).toBe(100);
    expect(xpShortfall(600, 600)).toBe(0);
    expect(xpShortfall(1000, 600)).toBe(0);
    expect(xpShortfall(null, 600)).toBe(0);
    expect(xpShortfall(undefined, 600)).toBe(0);
    expect(xpShortfall(Number.NaN, 600)).toBe(0);
  });
});
