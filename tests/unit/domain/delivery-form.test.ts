import { describe, expect, it } from 'vitest';
import {
  branchQueryProblem,
  deliveryFieldErrors,
  DELIVERY_FIELD_MESSAGES as M,
  filterBranches,
} from '../../../src/domain/delivery/form';

const now = new Date('2026-11-23T10:00:00Z'); // 12:00 in Kyiv
const branches = [
  { number: 1, label: 'Відділення №1: вул. Хрещатик, 22', short_address: 'Київ, вул. Хрещатик, 22' },
  { number: 12, label: 'Відділення №12: вул. Саксаганського, 121', short_address: 'Київ, вул. Саксаганського, 121' },
  { number: 120, label: 'Відділення №120: просп. Берестейський, 67', short_address: 'Київ, просп. Берестейський, 67' },
];

describe('delivery fields (docs/rules.md#entities Delivery): a message beside each wrong field', () => {
  it('a complete branch choice has none', () => {
    expect(deliveryFieldErrors({ method: 1, city: 'Київ', cityRef: 'ref', branch: '№12' }, now)).toEqual({});
  });
  it('an empty city; a branch city typed but not picked; no branch', () => {
    expect(deliveryFieldErrors({ method: 1, city: ' ' }, now)).toEqual({ city: M.city, branch: M.branch });
    expect(deliveryFieldErrors({ method: 1, city: 'Київ', branch: '№12' }, now)).toEqual({ city: M.cityFromList });
  });
  it('courier: street and house; a house like 12, 12А or 12/1; a flat of digits only', () => {
    expect(
      deliveryFieldErrors({ method: 2, city: 'Київ', street: 'вул. Хрещатик', house: '12А', flat: '5' }, now),
    ).toEqual({});
    expect(deliveryFieldErrors({ method: 2, city: 'Київ', street: 'вул. Хрещатик', house: '12/1' }, now)).toEqual({});
    expect(deliveryFieldErrors({ method: 2, city: 'Київ', street: '', house: '' }, now)).toEqual({
      street: M.street,
      house: M.house,
    });
    expect(
      deliveryFieldErrors({ method: 2, city: 'Київ', street: 'ву', house: 'дванадцять', flat: '5а' }, now),
    ).toEqual({ street: M.streetShort, house: M.houseFormat, flat: M.flat });
  });
  it('local courier: street, flat and a time window that must end after it starts', () => {
    const ok = {
      method: 3 as const,
      city: 'Київ',
      street: 'вул. Хрещатик, 22',
      window: { date: '2026-11-24', from: '12:00', to: '15:00' },
    };
    expect(deliveryFieldErrors(ok, now)).toEqual({});
    expect(deliveryFieldErrors({ ...ok, window: { date: '2026-11-24', from: '15:00', to: '12:00' } }, now)).toEqual({
      window: 'Початок проміжку має бути раніше за кінець',
    });
    expect(deliveryFieldErrors({ ...ok, window: undefined }, now)).toEqual({ window: M.window });
    expect(deliveryFieldErrors({ ...ok, flat: 'кв. 5' }, now)).toEqual({ flat: M.flat });
    // Too many digits: the rule named, not «лише цифри».
    expect(deliveryFieldErrors({ ...ok, flat: '1'.repeat(300) }, now)).toEqual({ flat: M.flatLong });
    expect(M.flatLong).toBe('Номер квартири — не більше 5 цифр');
    // A pasted street longer than an address keeps is refused, not cut.
    expect(deliveryFieldErrors({ ...ok, street: 'вул. '.repeat(60) }, now)).toEqual({ street: M.streetLong });
    expect(M.streetLong).toBe('Назва вулиці — не більше 120 символів');
  });
});

describe('branch search (docs/rules.md#entities npDep by number)', () => {
  it('digits find the number first, then numbers starting with them; words the street', () => {
    expect(filterBranches(branches, '12').map((b) => b.number)).toEqual([12, 120]);
    expect(filterBranches(branches, '№1').map((b) => b.number)).toEqual([1, 12, 120]);
    expect(filterBranches(branches, 'хрещ').map((b) => b.number)).toEqual([1]);
    expect(filterBranches(branches, '').length).toBe(3);
  });
  it('an unknown branch says so beside the field', () => {
    expect(branchQueryProblem(branches, '77')).toBe('Відділення №77 у цьому місті немає');
    expect(branchQueryProblem(branches, 'Сумська')).toBe('Такого відділення в цьому місті немає');
    expect(branchQueryProblem(branches, '12')).toBeNull();
    expect(branchQueryProblem([], '77')).toBeNull();
  });
});
