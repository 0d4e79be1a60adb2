import { describe, expect, it } from 'vitest';
import { buildOrderPayload, financialStatus, paymentMethodOf } from '../../../src/domain/order/payload';
import { orderTags } from '../../../src/domain/order/tags';

const draft = {
  customerId: 42,
  recipient: { first_name: 'Олена', last_name: 'Коваль', phone: '380500000001' },
  address: { city: 'Київ', province: 'Київська', address1: 'Відділення №12' },
  shippingOption: 1 as const,
  tags: ['PWA', 'pwa_order'],
};

describe('order payload (docs/rules.md#entities "Order payload", docs/rules.md#states, docs/rules.md#constants)', () => {
  it('builds the Shopify-shaped order for a cash order', () => {
    const o = buildOrderPayload({
      ...draft,
      payment: 1,
      lines: [{ variant_id: 7, quantity: 2, price: 99.5, bonuses: 0 }],
      note: 'Після 18:00',
    });
    expect(o.line_items).toEqual([{ quantity: 2, variant_id: 7, price: '99.50' }]);
    expect(o.customer).toEqual({ id: 42 });
    expect(o.fulfillment_status).toBeNull();
    expect(o.financial_status).toBe('pending');
    expect(o.shipping_address).toMatchObject({
      country: 'Ukraine',
      zip: '01001',
      city: 'Київ',
      address1: 'Відділення №12',
    });
    expect(o.shipping_lines[0]).toMatchObject({ code: '1', price: '0.00' });
    expect(o.transactions).toEqual([
      { kind: 'sale', status: 'pending', gateway: 'Накладений платіж', amount: '199.00' },
    ]);
    expect(o.note).toBe('Після 18:00');
    expect(o.tags).toBe('PWA, pwa_order');
    expect(o.currency).toBe('UAH');
  });
  it("is 'paid' with no transactions when the money total is zero but XP is spent", () => {
    const o = buildOrderPayload({
      ...draft,
      payment: 2,
      lines: [{ variant_id: 9, quantity: 1, price: 0, bonuses: 350 }],
    });
    expect(o.financial_status).toBe('paid');
    expect(o.transactions).toEqual([]);
    expect(o.payment_gateway_names).toEqual(['XP']);
    expect(o.line_items).toEqual([{ quantity: 1, variant_id: 9 }]);
    expect(o.metafields).toContainEqual({ namespace: 'pwa', key: 'xp_total', value: '350', type: 'number_integer' });
  });
  it('financial status and payment method rules', () => {
    expect(financialStatus(0, 0)).toBe('pending');
    expect(financialStatus(10, 100)).toBe('pending');
    expect(financialStatus(0, 1)).toBe('paid');
    expect(paymentMethodOf(2, 10)).toBe(2);
    expect(paymentMethodOf(1, 0)).toBe(3);
  });
});

describe('order tags (docs/rules.md#validation, docs/rules.md#constants)', () => {
  it('PWA and pwa_order always; pre-order for members not age-verified; iPost; velo; call time', () => {
    expect(orderTags({ ageVerified: true, ipost: false, veloPromo: false })).toEqual(['PWA', 'pwa_order']);
    expect(
      orderTags({
        ageVerified: false,
        ipost: true,
        veloPromo: true,
        callBack: { day: 'today', from: '14:00', to: '16:00' },
      }),
    ).toEqual(['PWA', 'pwa_order', 'pre-order', 'iPost', 'pwa_velo-20%', 'today 14:00-16:00']);
  });
});
