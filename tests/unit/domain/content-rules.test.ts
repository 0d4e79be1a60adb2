import { describe, expect, it } from 'vitest';
import { isBotVisit } from '../../../src/domain/club/bot-visit';
import { brandOfHost, clubName, manifestFor, manifestHref, shareText } from '../../../src/domain/club/brand';
import { clubCode, formatClubCode, luhnDigit, parseClubCode } from '../../../src/domain/member/club-code';
import { CONTENT_ACCESS, CONTENT_PAGES, contentPageKey } from '../../../src/domain/content/pages';
import { byDistance, distanceKm, formatDistance, mapLink } from '../../../src/domain/content/geo-distance';
import { byFirstLetter, searchKey, searchTerms } from '../../../src/domain/content/vocabulary-search';

describe('brand naming (docs/rules.md#screens: glo on glo, ogo on ogo)', () => {
  it('names the club, the manifest and the share text after the brand', () => {
    expect(clubName('glo')).toBe('Клуб glo');
    expect(manifestFor('ogo')).toMatchObject({
      short_name: 'Клуб ogo',
      name: 'Клуб ogo — бонуси, магазин і сканування',
      lang: 'uk',
      display: 'standalone',
      start_url: '/',
      scope: '/',
    });
    expect(manifestFor('glo').short_name).toBe('Клуб glo');
    expect(JSON.stringify(manifestFor('ogo'))).not.toContain('glo');
    expect(shareText('ogo')).toMatchObject({ title: 'Клуб ogo' });
    expect(shareText('ogo').text).toMatch(/клубу ogo/);
    expect(manifestHref('ogo')).toBe('/manifest.json?brand=ogo');
    expect(manifestHref('glo')).toBe('/manifest.json');
  });
  it('is ogo on the second variant’s own host only (OGO_HOST, case aside), glo elsewhere or when none is set', () => {
    expect(brandOfHost('club.ogo.ua', 'club.ogo.ua')).toBe('ogo');
    expect(brandOfHost('CLUB.ogo.ua', 'club.ogo.ua')).toBe('ogo');
    expect(brandOfHost('club.glo.ua', 'club.ogo.ua')).toBe('glo');
    expect(brandOfHost('localhost:8080', '')).toBe('glo');
    expect(brandOfHost('localhost:8080', undefined)).toBe('glo');
  });
});

describe('the club code on /qr (documented format BRAND-ID-C)', () => {
  it('carries the record id of the variant, zero-padded, with a Luhn check digit', () => {
    expect(luhnDigit('7992739871')).toBe(3);
    const code = clubCode('glo', 123);
    expect(code).toMatch(/^GLO-00000123-\d$/);
    expect(parseClubCode(code)).toEqual({ brand: 'glo', customerId: 123 });
    expect(parseClubCode(clubCode('ogo', 987_654_321))).toEqual({ brand: 'ogo', customerId: 987_654_321 });
    expect(formatClubCode(code)).toBe(`GLO 0000 0123 ${code.at(-1)}`);
  });
  it('refuses a misread code: a changed digit, a swapped pair, another form', () => {
    const code = clubCode('glo', 4521);
    const id = code.slice(4, 12);
    const changed = `GLO-${id.slice(0, 7)}${(Number(id[7]) + 1) % 10}-${code.at(-1)}`;
    expect(parseClubCode(changed)).toBeNull();
    expect(parseClubCode(`GLO-00005421-${code.at(-1)}`)).toBeNull();
    expect(parseClubCode('GLO-00000123')).toBeNull();
    expect(parseClubCode('velo-00000123-0')).toBeNull();
    expect(parseClubCode('GLO-00000000-0')).toBeNull();
    expect(() => clubCode('glo', 0)).toThrow(RangeError);
  });
});

describe('configured content pages (docs/api.md#content get-page-by-id, docs/rules.md#constants ids configured)', () => {
  it('gives every page one id and an access level; why-ogo is public, club rules for the verified', () => {
    const ids = Object.values(CONTENT_PAGES);
    expect(new Set(ids).size).toBe(ids.length);
    for (const key of Object.keys(CONTENT_PAGES) as Array<keyof typeof CONTENT_PAGES>) {
      expect(CONTENT_ACCESS[key]).toBeDefined();
      expect(contentPageKey(CONTENT_PAGES[key])).toBe(key);
    }
    expect(CONTENT_ACCESS.whyOgo).toBe('public');
    expect(CONTENT_ACCESS.clubRules).toBe('verified');
    expect(contentPageKey(999_999)).toBeNull();
  });
});

describe('the dictionary search (works on the stored terms, offline)', () => {
  const terms = [
    { id: 1, term: 'XP', definition: 'Бали клубу.' },
    { id: 2, term: 'Стік', definition: 'Тютюновий виріб для нагрівання.' },
    { id: 3, term: 'Мікс-пак', definition: 'Набір пачок різних смаків, зокрема стік.' },
    { id: 4, term: 'Бонусний стік', definition: 'Стік за XP.' },
    { id: 5, term: 'Об’єм', definition: 'Скільки вміщує.' },
  ];
  it('puts terms that start with the query first, then terms containing it, then definitions', () => {
    expect(searchTerms(terms, 'стік').map((t) => t.id)).toEqual([2, 4, 3]);
    expect(searchTerms(terms, '  XP ').map((t) => t.id)).toEqual([1, 4]);
  });
  it('ignores case and the apostrophe’s form; an empty query keeps every term; nothing found is empty', () => {
    expect(searchTerms(terms, "об'єм").map((t) => t.id)).toEqual([5]);
    expect(searchTerms(terms, 'ОБʼЄМ').map((t) => t.id)).toEqual([5]);
    expect(searchTerms(terms, '')).toHaveLength(5);
    expect(searchTerms(terms, 'жодного')).toEqual([]);
    expect(searchKey('  Мікс   ПАК ')).toBe('мікс пак');
  });
  it('groups terms under their first letter in the given order', () => {
    expect(byFirstLetter(terms.slice(1, 4)).map((g) => [g.letter, g.terms.length])).toEqual([
      ['С', 1],
      ['М', 1],
      ['Б', 1],
    ]);
    expect(
      byFirstLetter([
        { id: 1, term: 'стік', definition: '' },
        { id: 2, term: 'Стікер', definition: '' },
      ]),
    ).toHaveLength(1);
  });
});

describe('distance to a brand store', () => {
  const khreshchatyk = { lat: 50.447412, lng: 30.522584 };
  const lviv = { lat: 49.841952, lng: 24.031592 };
  it('is the great-circle distance in km, nearest first', () => {
    expect(distanceKm(khreshchatyk, lviv)).toBeGreaterThan(465);
    expect(distanceKm(khreshchatyk, lviv)).toBeLessThan(475);
    expect(distanceKm(khreshchatyk, khreshchatyk)).toBe(0);
    const near = { ...khreshchatyk, lat: khreshchatyk.lat + 0.01 };
    expect(byDistance([lviv, near], khreshchatyk).map((x) => x.item)).toEqual([near, lviv]);
  });
  it('reads as metres under a kilometre, one decimal under ten', () => {
    expect(formatDistance(0.347)).toBe('350 м');
    expect(formatDistance(0.001)).toBe('10 м');
    expect(formatDistance(1.24)).toBe('1,2 км');
    expect(formatDistance(48.4)).toBe('48 км');
    expect(formatDistance(Number.NaN)).toBe('');
  });
  it('links to the map at the store’s point', () => {
    expect(mapLink(lviv)).toBe('https://www.google.com/maps/search/?api=1&query=49.841952%2C24.031592');
  });
});

describe('a visit from the chat bot (docs/api.md#auth send-bot-stat)', () => {
  it('is told by the link’s utm_source or from=bot', () => {
    expect(isBotVisit('?utm_source=chatbot&utm_medium=telegram')).toBe(true);
    expect(isBotVisit('?utm_source=Telegram_Bot')).toBe(true);
    expect(isBotVisit('?from=bot')).toBe(true);
    expect(isBotVisit('?utm_source=pwa_share&ref=REW-1')).toBe(false);
    expect(isBotVisit('')).toBe(false);
  });
});
