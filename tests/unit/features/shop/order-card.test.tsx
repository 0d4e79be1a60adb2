// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderCard, type OrderSummary } from '../../../../src/features/shop/orders/order-card';
import { textOf } from './support';

afterEach(cleanup);

const order = (extra: Partial<OrderSummary> = {}): OrderSummary => ({
  id: 7,
  order_number: 10231,
  created_at: '2026-11-20T10:00:00.000Z',
  financial_status: 'paid',
  fulfillment_status: null,
  shipment_status: null,
  payment_method: 2,
  subtotal: 315,
  discount: 0,
  total: 315,
  xp_total: 0,
  shipping_option: 1,
  tags: [],
  delivery: { method: 1, city: 'Київ', address: 'Відділення №12' },
  note: '',
  lines: [{ id: 1, variant_id: 11, title: 'Стіки Amber', quantity: 3, price: 105, bonuses: 0, image: '' }],
  ...extra,
});

const show = (o: OrderSummary) => render(<OrderCard order={o} onPay={() => {}} paying={false} highlight={false} />);

describe('an order paid twice in the history (get-orders `refunds`)', () => {
  it('stays «Оплачено» and shows the second payment «Повернуто» with its amount', () => {
    show(order({ refunds: [{ amount: 315, status: 'refunded', refunded_at: '2026-11-20T10:05:00.000Z' }] }));
    expect(screen.getByTestId('order-payment-status').textContent).toBe('Оплачено');
    const refund = screen.getByTestId('order-refund');
    expect(refund.getAttribute('data-refund-status')).toBe('refunded');
    expect(textOf(refund)).toContain('Повернуто 315 грн');
    expect(textOf(refund)).toContain('повторну оплату повернено на картку');
    expect(screen.queryByTestId('order-pay')).toBeNull();
  });

  it('says «Повертаємо» while the provider has not confirmed it', () => {
    show(order({ refunds: [{ amount: 99.5, status: 'refunding', refunded_at: null }] }));
    expect(textOf(screen.getByTestId('order-refund'))).toContain('Повертаємо 99,5 грн');
  });

  it('shows nothing of the kind for an order paid once, or from a server that sends no refunds', () => {
    show(order());
    expect(screen.queryByTestId('order-refund')).toBeNull();
  });
});
