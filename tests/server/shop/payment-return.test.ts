import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPendingPayments } from '../../../server/routes/shop/payment-settle';
import type { FakeLiqpay } from '../../support/fake-liqpay';
import type { TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import {
  attemptOf,
  attempts,
  callback,
  captureLog,
  closeLiveShop,
  cardOrder,
  financialStatus,
  metric,
  openLiveShop,
} from './payment-support';

/**
 * The member's return from LiqPay needs no sign-in: it must not be a way to make the server ask
 * LiqPay on every visit. And LiqPay's `sandbox` status (a test payment, no money) never pays an
 * order on a server with real keys. A production server, LiqPay a local fake.
 */
let s: TestServer;
let m: TestMember;
let fake: FakeLiqpay;
beforeAll(async () => ({ s, m, fake } = await openLiveShop()));
afterAll(() => closeLiveShop({ s, fake }));

const visit = (id: string) => s.app.request(`/payments/liqpay/return?payment=${encodeURIComponent(id)}`);
const statusRequests = (id: string) => fake.asked('status').filter((a) => a.order_id === id).length;

describe('/payments/liqpay/return', () => {
  it('asks LiqPay at most once per payment in its window, whatever the visits; answers from the stored state meanwhile', async () => {
    const order = await cardOrder(s, m);
    const id = await attemptOf(s, m, order.id);
    const before = statusRequests(id);
    const answers = await Promise.all(Array.from({ length: 40 }, () => visit(id)));
    expect(new Set(answers.map((r) => `${r.status} ${r.headers.get('location')}`))).toEqual(
      new Set([`303 /history-order?payment=pending&order=${order.order_number}`]),
    );
    expect(statusRequests(id) - before).toBe(1);
    expect(answers[0]!.headers.get('cache-control')).toBe('no-store');
    // Paid at LiqPay meanwhile: within the window the stored state still answers, after it LiqPay is asked again.
    fake.payments.set(id, { status: 'success', amount: order.total });
    s.clock.advance(10_000);
    expect((await visit(id)).headers.get('location')).toContain('payment=pending');
    expect(statusRequests(id) - before).toBe(1);
    s.clock.advance(6_000);
    expect((await visit(id)).headers.get('location')).toBe(
      `/history-order?payment=success&order=${order.order_number}`,
    );
    expect(statusRequests(id) - before).toBe(2);
    expect(await financialStatus(s, order.id)).toBe('paid');
    // Settled: every later visit answers from the database and LiqPay hears nothing more.
    s.clock.advance(60_000);
    for (let i = 0; i < 5; i += 1) expect((await visit(id)).headers.get('location')).toContain('payment=success');
    expect(statusRequests(id) - before).toBe(2);
  });

  it('an unknown payment answers as one not settled yet, naming no order, without asking LiqPay', async () => {
    const before = fake.requests.length;
    for (const id of ['club-999999-deadbeef', 'x'.repeat(500), '']) {
      const r = await s.app.request(`/payments/liqpay/return?payment=${id}`);
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe('/history-order?payment=pending');
    }
    expect(fake.requests.length).toBe(before);
  });

  it('the scheduled check does not ask again about a payment the return just asked about', async () => {
    const order = await cardOrder(s, m);
    const id = await attemptOf(s, m, order.id);
    s.clock.advance(11 * 60_000);
    await visit(id);
    const asked = statusRequests(id);
    await checkPendingPayments(s.deps);
    expect(statusRequests(id)).toBe(asked);
    s.clock.advance(60_000);
    await checkPendingPayments(s.deps);
    expect(statusRequests(id)).toBe(asked + 1);
  });
});

describe('LiqPay’s `sandbox` status with real keys', () => {
  it('never marks an order paid: the attempt counts as declined, a warning is logged, and the member can pay for real', async () => {
    const log = captureLog(s);
    const order = await cardOrder(s, m);
    const id = await attemptOf(s, m, order.id);
    const r = await callback(s, id, 'sandbox', order.total);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'failed' });
    expect(await financialStatus(s, order.id)).toBe('failed');
    expect((await attempts(s, order.id)).map((a) => a.status)).toEqual(['failure']);
    expect(log.find((l) => l.event === 'payment_status')).toMatchObject({
      level: 'warn',
      payment: id,
      order: order.order_number,
      status: 'sandbox',
    });
    expect(await metric(s, 'club_payment_callbacks_total{outcome="test_payment"}')).toBe(1);
    // A new link is a new attempt, which a real payment settles.
    const next = await attemptOf(s, m, order.id);
    expect(next).not.toBe(id);
    await callback(s, next, 'success', order.total);
    expect(await financialStatus(s, order.id)).toBe('paid');
  });

  it('nor when LiqPay’s status request answers it on the member’s return', async () => {
    const order = await cardOrder(s, m);
    const id = await attemptOf(s, m, order.id);
    fake.payments.set(id, { status: 'sandbox', amount: order.total });
    s.clock.advance(60_000);
    expect((await visit(id)).headers.get('location')).toBe(
      `/history-order?payment=failure&order=${order.order_number}`,
    );
    expect(await financialStatus(s, order.id)).toBe('failed');
  });
});
