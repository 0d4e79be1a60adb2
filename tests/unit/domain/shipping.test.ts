import { describe, expect, it } from 'vitest';
import {
  deliveryMethodAllowed,
  FREE_SHIPPING_DEFAULTS,
  leftForFreeShipping,
  shippingLine,
  shippingOption,
  SHIPPING_COUNTRY,
  SHIPPING_ZIP,
} from '../../../src/domain/delivery/shipping';
import { deliveryAddress1, deliveryProblem } from '../../../src/domain/delivery/shipping-address';

describe('shipping options (docs/rules.md#constants)', () => {
  it('free-shipping thresholds are 399 for glo and 120 for ogo', () => {
    expect(FREE_SHIPPING_DEFAULTS).toEqual({ glo: 399, ogo: 120 });
    expect(shippingOption({ variant: 'glo', delivery: 1, moneyTotal: 398.99, xpTotal: 0 })).toBe(1);
    expect(shippingOption({ variant: 'glo', delivery: 2, moneyTotal: 399, xpTotal: 0 })).toBe(2);
    expect(shippingOption({ variant: 'ogo', delivery: 1, moneyTotal: 119, xpTotal: 0 })).toBe(1);
    expect(shippingOption({ variant: 'ogo', delivery: 1, moneyTotal: 120, xpTotal: 0 })).toBe(2);
  });
  it('takes configured thresholds', () => {
    const thresholds = { glo: 500, ogo: 50 };
    expect(shippingOption({ variant: 'glo', delivery: 1, moneyTotal: 450, xpTotal: 0, thresholds })).toBe(1);
    expect(shippingOption({ variant: 'ogo', delivery: 1, moneyTotal: 60, xpTotal: 0, thresholds })).toBe(2);
  });
  it('3 for orders paid only with XP, 4 IPOST for ogo delivery type 3', () => {
    expect(shippingOption({ variant: 'glo', delivery: 1, moneyTotal: 0, xpTotal: 300 })).toBe(3);
    expect(shippingOption({ variant: 'ogo', delivery: 3, moneyTotal: 10, xpTotal: 0 })).toBe(4);
    expect(deliveryMethodAllowed('ogo', 3)).toBe(true);
    expect(deliveryMethodAllowed('glo', 3)).toBe(false);
    expect(deliveryMethodAllowed('glo', 2)).toBe(true);
  });
  it('every shipping price is 0; country Ukraine, zip 01001', () => {
    for (const o of [1, 2, 3, 4] as const) expect(shippingLine(o).price).toBe('0.00');
    expect(SHIPPING_COUNTRY).toBe('Ukraine');
    expect(SHIPPING_ZIP).toBe('01001');
  });
  it('tells how much is left for free shipping', () => {
    expect(leftForFreeShipping('glo', 300.5)).toBe(98.5);
    expect(leftForFreeShipping('ogo', 500)).toBe(0);
  });
});

describe('delivery address (docs/rules.md#entities Delivery)', () => {
  it('needs a branch, a street and house, or a courier street per method', () => {
    expect(deliveryProblem({ method: 1, city: 'Київ' })).toMatch(/відділення/);
    expect(deliveryProblem({ method: 2, city: 'Київ', street: 'вул. Хрещатик' })).toMatch(/будинку/);
    expect(deliveryProblem({ method: 3, city: ' ' })).toMatch(/місто/);
    expect(deliveryProblem({ method: 2, city: 'Київ', street: 'вул. Хрещатик', house: '22' })).toBeNull();
  });
  it('builds address1', () => {
    expect(deliveryAddress1({ method: 1, city: 'Львів', branch: 'Відділення №3' })).toBe('Відділення №3');
    expect(deliveryAddress1({ method: 2, city: 'Київ', street: 'вул. Хрещатик', house: '22', flat: '5' })).toBe(
      'вул. Хрещатик, буд. 22, кв. 5',
    );
    expect(deliveryAddress1({ method: 3, city: 'Київ', street: 'вул. Січових Стрільців, 10' })).toBe(
      'iPost: вул. Січових Стрільців, 10',
    );
  });
});
