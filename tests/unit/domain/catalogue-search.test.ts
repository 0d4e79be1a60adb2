import { describe, expect, it } from 'vitest';
import { searchCatalogue } from '../../../src/domain/catalogue/search';

const p = (title: string, subTitle = '') => ({ title, subTitle });
const catalogue = [
  p('Стіки glo «Крижана м’ята»', 'Пачка, 20 шт.'),
  p('velo «Крижана м’ята»', '20 паучів'),
  p('Кейс для стіків'),
  p('Пристрій glo Про', 'Колір: графіт'),
];

describe('search over the stored catalogue of a shop', () => {
  it('every word, any case and apostrophe, titles starting with the query first', () => {
    expect(searchCatalogue(catalogue, 'крижана мʼята').map((x) => x.title)).toEqual([
      'Стіки glo «Крижана м’ята»',
      'velo «Крижана м’ята»',
    ]);
    expect(searchCatalogue(catalogue, 'VELO').map((x) => x.title)).toEqual(['velo «Крижана м’ята»']);
    expect(searchCatalogue(catalogue, 'графіт').map((x) => x.title)).toEqual(['Пристрій glo Про']);
    expect(searchCatalogue(catalogue, 'кейс стік').map((x) => x.title)).toEqual(['Кейс для стіків']);
  });
  it('a query under two letters searches nothing; no match is an empty list', () => {
    expect(searchCatalogue(catalogue, 'к')).toEqual([]);
    expect(searchCatalogue(catalogue, 'зажигалка')).toEqual([]);
  });
});
