import { describe, expect, it } from 'vitest';
import { cityFitsQuery, likePrefix, normalizeCityText, transliterate } from '../../../src/domain/delivery/city-search';

describe('city search text (docs/rules.md#entities City option; popular cities)', () => {
  it('transliterates the popular cities as officially spelled', () => {
    expect(['Київ', 'Харків', 'Одеса', 'Дніпро', 'Запоріжжя', 'Львів'].map(transliterate)).toEqual([
      'kyiv',
      'kharkiv',
      'odesa',
      'dnipro',
      'zaporizhzhia',
      'lviv',
    ]);
  });

  it('follows the word-start and зг rules of the 2010 transliteration', () => {
    expect(transliterate('Єнакієве')).toBe('yenakiieve');
    expect(transliterate('Ізюм')).toBe('izium');
    expect(transliterate('Південне')).toBe('pivdenne');
    expect(transliterate('Згурівка')).toBe('zghurivka');
    expect(transliterate('Яготин')).toBe('yahotyn');
    expect(transliterate('Кам’янське')).toBe('kamianske');
    expect(transliterate('Біла Церква')).toBe('bila tserkva');
  });

  it('normalizes case, apostrophes, spaces and a leading "м."', () => {
    expect(normalizeCityText('  М.  Кам’янець-Подільський ')).toBe("кам'янець-подільський");
    expect(normalizeCityText('місто Львів')).toBe('львів');
    expect(normalizeCityText('КИЇВ')).toBe('київ');
  });

  it('makes a LIKE prefix without wildcards of its own', () => {
    expect(likePrefix('київ')).toBe('київ%');
    expect(likePrefix('50%_\\')).toBe('50%');
  });
});

describe('cityFitsQuery', () => {
  it('keeps a city while what is typed is a prefix of its Ukrainian or Latin name, and drops it otherwise', () => {
    expect(cityFitsQuery('Запоріжжя', 'Запор')).toBe(true);
    expect(cityFitsQuery('Запоріжжя', 'zapor')).toBe(true);
    expect(cityFitsQuery('Харків', 'Запор')).toBe(false);
    expect(cityFitsQuery('Київ', 'Запор')).toBe(false);
    expect(cityFitsQuery('Львів', '')).toBe(true);
  });
});
