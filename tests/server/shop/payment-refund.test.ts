import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDueRefunds } from '../../../server/routes/shop/payment-refund';
import { liqpaySignature } from '../../../server/sandboxes/liqpay';
import type { FakeLiqpay } from '../../support/fake-liqpay';
import type { TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import {
  attempts,
  callback,
  captureLog,
  closeLiveShop,
  decode,
  financialStatus,
  LIVE,
  metric,
  openLiveShop,
  paidTwice,
} from './payment-support';

/**
 * A second payment for an order another attempt already paid goes back to the payer through
 * LiqPay's refund request, exactly once, and the member sees it returned. A production server with
 * real keys, LiqPay a local fake.
 */
let s: TestServer;
let m: TestMember;
let fake: FakeLiqpay;
beforeAll(async () => ({ s, m, fake } = await openLiveShop()));
afterAll(() => closeLiveShop({ s, fake }));
beforeEach(() => {
  fake.control.refund = 'ok';
});

const refundsOf = (orderId: string) => fake.asked('refund').filter((a) => a.order_id === orderId);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer read by path; the expectations check its shape
type Order = Record<string, any>;
const history = async () =>
  (await s.post('/api/api-shop/get-orders', { variant: 'glo', shopifyId: m.glo.id }, m.token)).body.list as Order[];

describe('refund of a second payment', () => {
  it('goes back through a signed refund request at once, once even when the callback comes again; the history shows it returned', async () => {
    const log = captureLog(s);
    const { order, first, second, late } = await paidTwice(s, m, fake);
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ status: 'paid' });
    // One refund request, signed like the status request, for the attempt that paid second.
    const sent = fake.requests.filter((r) => decode(new URLSearchParams(r.body).get('data') ?? '').action === 'refund');
    expect(sent).toHaveLength(1);
    const form = new URLSearchParams(sent[0]!.body);
    expect(form.get('signature')).toBe(liqpaySignature(LIVE.privateKey, form.get('data')!));
    expect(decode(form.get('data')!)).toEqual({
      version: 3,
      public_key: LIVE.publicKey,
      action: 'refund',
      order_id: first,
      amount: order.total,
    });
    expect((await attempts(s, order.id)).map((a) => [a.provider_order_id, a.status])).toEqual([
      [first, 'refunded'],
      [second, 'success'],
    ]);
    expect(await financialStatus(s, order.id)).toBe('paid');
    // LiqPay sends its callback again (and another instance would see the same): nothing more goes back.
    await callback(s, first, 'success', order.total);
    expect(refundsOf(first)).toHaveLength(1);
    expect(refundsOf(second)).toHaveLength(0);

    const listed = (await history()).find((o) => o.order_number === order.order_number)!;
    expect(listed.financial_status).toBe('paid');
    expect(listed.refunds).toEqual([
      { amount: order.total, status: 'refunded', refunded_at: s.clock.now().toISOString() },
    ]);
    expect((await history()).filter((o) => o.refunds)).toHaveLength(1);

    expect(await metric(s, 'club_payment_refunds_total{outcome="refunded"}')).toBe(1);
    expect(await metric(s, 'club_payment_refunds_open{status="refund_due"}')).toBe(0);
    const line = log.find((l) => l.event === 'payment_refund');
    expect(line).toMatchObject({
      level: 'info',
      outcome: 'refunded',
      payment: first,
      order: order.order_number,
      amount: order.total,
    });
    expect(JSON.stringify(log)).not.toContain(m.phone);
  });

  it('LiqPay down: the refund waits as refund_failed, shown as returning, and is tried again on the schedule after its wait', async () => {
    fake.control.refund = 'down';
    const { order, first } = await paidTwice(s, m, fake);
    const [row] = await attempts(s, order.id);
    expect(row).toMatchObject({ status: 'refund_failed', refund_attempts: 1, refund_error: 'no_answer' });
    expect(await metric(s, 'club_payment_refunds_open{status="refund_failed"}')).toBe(1);
    expect(await metric(s, 'club_payment_refunds_total{outcome="failed"}')).toBe(1);
    expect((await history()).find((o) => o.order_number === order.order_number)!.refunds).toEqual([
      { amount: order.total, status: 'refunding', refunded_at: null },
    ]);

    fake.control.refund = 'ok';
    expect(await runDueRefunds(s.deps)).toBe(0);
    expect(refundsOf(first)).toHaveLength(1);
    s.clock.advance(61_000);
    const before = fake.asked().length;
    expect(await runDueRefunds(s.deps)).toBe(1);
    // The try before may have reached LiqPay: the status first, then the refund.
    expect(
      fake
        .asked()
        .slice(before)
        .map((a) => a.action),
    ).toEqual(['status', 'refund']);
    expect((await attempts(s, order.id))[0]).toMatchObject({
      status: 'refunded',
      refund_attempts: 2,
      refund_error: null,
    });
    expect(await metric(s, 'club_payment_refunds_open{status="refund_failed"}')).toBe(0);
  });

  it('a refund whose answer was lost is never sent again: the status request finds the money back', async () => {
    fake.control.refund = 'lost';
    const { order, first } = await paidTwice(s, m, fake);
    expect((await attempts(s, order.id))[0]!.status).toBe('refund_failed');
    s.clock.advance(61_000);
    expect(await runDueRefunds(s.deps)).toBe(1);
    expect(refundsOf(first)).toHaveLength(1);
    expect((await attempts(s, order.id))[0]!.status).toBe('refunded');
  });

  it('a try left running by a process that died is taken over once its lease is out', async () => {
    fake.control.refund = 'down';
    const { order, first } = await paidTwice(s, m, fake);
    fake.control.refund = 'ok';
    // As a claim leaves it: refunding, held for a minute, then the process is gone.
    const held = new Date(s.clock.now().getTime() + 60_000).toISOString();
    await s.deps.db
      .updateTable('card_payments')
      .set({ status: 'refunding', refund_attempts: 2, refund_after: held })
      .where('provider_order_id', '=', first)
      .execute();
    expect(await runDueRefunds(s.deps)).toBe(0);
    s.clock.advance(60_001);
    expect(await runDueRefunds(s.deps)).toBe(1);
    expect(refundsOf(first)).toHaveLength(2);
    expect((await attempts(s, order.id))[0]).toMatchObject({ status: 'refunded', refund_attempts: 3 });
  });
});
