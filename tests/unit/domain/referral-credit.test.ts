import { describe, expect, it } from 'vitest';
import { referralCreditDue } from '../../../src/domain/invite/referral-credit';

describe('a referral credit is owed once the friend’s order is paid or handed over', () => {
  it('waits while the order is unpaid, a pre-order, or its card payment was declined', () => {
    expect(referralCreditDue({ financial_status: 'pending', fulfillment_status: null })).toBe('wait');
    expect(
      referralCreditDue({ financial_status: 'pending', fulfillment_status: null, shipment_status: 'in_transit' }),
    ).toBe('wait');
    expect(referralCreditDue({ financial_status: 'failed', fulfillment_status: null })).toBe('wait');
  });
  it('is credited when paid, or when handed over (cash is paid then)', () => {
    expect(referralCreditDue({ financial_status: 'paid', fulfillment_status: null })).toBe('credit');
    expect(referralCreditDue({ financial_status: 'pending', fulfillment_status: 'fulfilled' })).toBe('credit');
    expect(
      referralCreditDue({ financial_status: 'pending', fulfillment_status: null, shipment_status: 'delivered' }),
    ).toBe('credit');
  });
  it('is never owed for an order cancelled or returned, even one delivered before', () => {
    expect(referralCreditDue({ financial_status: 'cancelled', fulfillment_status: null })).toBe('void');
    expect(referralCreditDue({ financial_status: 'refunded', fulfillment_status: 'fulfilled' })).toBe('void');
  });
});
