import { describe, expect, it } from 'vitest';
import { ADDRESS_LIMITS, addressFieldProblem } from '../../../src/domain/delivery/address-limits';

describe('delivery address limits (what the server would refuse is caught in the form)', () => {
  it('accepts an ordinary address and fields at their limit', () => {
    expect(addressFieldProblem({ city: 'Київ', street: 'вул. Хрещатик', house: '22', flat: '5' })).toBeNull();
    expect(
      addressFieldProblem({ city: 'к'.repeat(ADDRESS_LIMITS.city), flat: '1'.repeat(ADDRESS_LIMITS.flat) }),
    ).toBeNull();
  });

  it('names the first field that is too long or holds control characters', () => {
    expect(addressFieldProblem({ city: 'Київ', street: 'x'.repeat(ADDRESS_LIMITS.street + 1) })).toEqual({
      field: 'street',
      message: 'Назва вулиці задовга: не більше 120 символів',
    });
    expect(addressFieldProblem({ city: 'Ки\u0000їв' })).toEqual({
      field: 'city',
      message: 'Назва міста містить недопустимі символи',
    });
    expect(addressFieldProblem({ branch: 'a'.repeat(5000) })?.field).toBe('branch');
  });
});
