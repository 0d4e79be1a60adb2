import { describe, expect, it } from 'vitest';
import { canPayByCard, deliveryStatus, paymentReturnOutcome, paymentStatus } from '../../../src/domain/order/status';

const o = (
  financial_status: string,
  payment_method: number,
  shipment_status: string | null = null,
  fulfillment_status: string | null = null,
) => ({
  financial_status,
  payment_method,
  shipment_status,
  fulfillment_status,
});

describe('order statuses as the history shows them (docs/rules.md#states financial status, card payment)', () => {
  it('payment: paid (by XP), waiting for a card, declined, cash on delivery', () => {
    expect(paymentStatus(o('paid', 2))).toEqual({ label: 'Оплачено', tone: 'ok' });
    expect(paymentStatus(o('paid', 3)).label).toBe('Оплачено XP');
    expect(paymentStatus(o('pending', 2))).toEqual({ label: 'Очікує оплати карткою', tone: 'wait' });
    expect(paymentStatus(o('failed', 2))).toEqual({ label: 'Оплату відхилено', tone: 'bad' });
    expect(paymentStatus(o('pending', 1)).label).toBe('Оплата при отриманні');
  });
  it('delivery: accepted, confirmed, on its way, delivered', () => {
    expect(deliveryStatus(o('pending', 1)).label).toBe('Прийнято');
    expect(deliveryStatus(o('pending', 1, 'confirmed')).label).toBe('Готуємо до відправлення');
    expect(deliveryStatus(o('pending', 1, 'in_transit')).label).toBe('В дорозі');
    expect(deliveryStatus(o('paid', 1, null, 'fulfilled')).label).toBe('Доставлено');
  });
  it('an unpaid or declined card order can be paid (again); cash, XP and paid ones cannot', () => {
    expect(canPayByCard(o('pending', 2))).toBe(true);
    expect(canPayByCard(o('failed', 2))).toBe(true);
    expect(canPayByCard(o('paid', 2))).toBe(false);
    expect(canPayByCard(o('pending', 1))).toBe(false);
  });
  it('coming back from the payment page reads the real status', () => {
    expect(paymentReturnOutcome({ financial_status: 'paid' })).toBe('paid');
    expect(paymentReturnOutcome({ financial_status: 'failed' })).toBe('declined');
    expect(paymentReturnOutcome({ financial_status: 'pending' })).toBe('checking');
    expect(paymentReturnOutcome(null)).toBe('checking');
  });
});
