import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentKeys } from '../../../server/routes/shop/payment-keys';
import { checkPendingPayments } from '../../../server/routes/shop/payment-settle';
import { encodeLiqpay, liqpaySignature } from '../../../server/sandboxes/liqpay';
import { startFakeProvider, type FakeProvider } from '../../support/fake-provider';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { orderBody, placeOrder, product, withCatalogue } from './support';

/**
 * one order is paid once. The probe asked get-liqpay-link twice, paid with the
 * first link and could still pay with the second; a success for an already paid order was counted
 * again. And the server asks LiqPay for a payment's status (on the member's return and on a
 * schedule) rather than trusting the callback alone.
 */
const decode = (data: string) => JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
const postForm = (s: TestServer, path: string, form: { data: string; signature: string }) =>
  s.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

async function cardOrder(s: TestServer, m: TestMember) {
  const amber = await product(s, 'sticks-amber-20');
  return (await placeOrder(s, m, orderBody([{ variant_id: amber.variant_id, quantity: 3 }], { payment: 2 }))).body
    .order as { id: number; order_number: number; total: number };
}
const attempts = (s: TestServer, orderId: number) =>
  s.deps.db
    .selectFrom('card_payments')
    .select(['provider_order_id', 'status'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
const statusOf = async (s: TestServer, orderId: number) =>
  (await s.deps.db.selectFrom('orders').select('financial_status').where('id', '=', orderId).executeTakeFirstOrThrow())
    .financial_status;

describe('sandbox checkout: a second link after payment', () => {
  let s: TestServer;
  let a: TestMember;
  beforeAll(async () => {
    s = await makeTestServer();
    await withCatalogue(s);
    a = await createMember(s, { tags: ['pwa_user', 'age_verified'] });
  });
  afterAll(() => s.close());

  const checkout = async (link: string) => {
    const res = await s.app.request(link.replace(/^https?:\/\/[^/]+/, ''));
    const html = await res.text();
    const forms = [
      ...html.matchAll(/name="data" value="([^"]+)"><input type="hidden" name="signature" value="([^"]+)"/g),
    ].map((f) => ({ data: f[1]!, signature: f[2]! }));
    return { status: res.status, html, pay: forms[0] };
  };

  it('two links asked before paying are one attempt: paid with the first, the second offers no «Сплатити»', async () => {
    const order = await cardOrder(s, a);
    const first = (await s.post('/api/api-shop/get-liqpay-link', { orderId: order.id }, a.token)).body.link as string;
    const second = (await s.post('/api/api-shop/get-liqpay-link', { orderId: order.id }, a.token)).body.link as string;
    expect(await attempts(s, order.id)).toHaveLength(1);
    const page = await checkout(first);
    expect((await postForm(s, '/sandbox/liqpay/callback', page.pay!)).status).toBe(303);
    expect(await statusOf(s, order.id)).toBe('paid');
    const again = await checkout(second);
    expect(again.status).toBe(409);
    expect(again.html).not.toContain('Сплатити');
    expect(again.pay).toBeUndefined();
    const third = await s.post('/api/api-shop/get-liqpay-link', { orderId: order.id }, a.token);
    expect(third.status).toBe(422);
    expect(third.body.error).toEqual({ code: 'already_paid', message: 'Замовлення вже оплачено' });
  });

  it('a success of a second attempt for a paid order is refunded (the sandbox answers the refund itself), never counted twice', async () => {
    const order = await cardOrder(s, a);
    await s.post('/api/api-shop/get-liqpay-link', { orderId: order.id }, a.token);
    // A second attempt as an older server (or an operator) left it open beside the first.
    const now = s.clock.now().toISOString();
    await s.deps.db
      .insertInto('card_payments')
      .values({
        order_id: order.id,
        provider_order_id: `club-${order.order_number}-old`,
        amount: Math.round(order.total * 100),
        status: 'created',
        callback: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const [one, two] = await attempts(s, order.id);
    const keys = await paymentKeys(s.deps);
    const success = (id: string) =>
      encodeLiqpay(keys, { order_id: id, status: 'success', amount: order.total, currency: 'UAH' });
    const r1 = await postForm(s, '/payments/liqpay/callback', success(one!.provider_order_id));
    expect(await r1.json()).toMatchObject({ status: 'paid' });
    const r2 = await postForm(s, '/payments/liqpay/callback', success(two!.provider_order_id));
    expect(r2.status).toBe(200);
    expect((await attempts(s, order.id)).map((p) => p.status)).toEqual(['success', 'refunded']);
    // Repeated, it is not refunded again and the order stays paid once.
    await postForm(s, '/payments/liqpay/callback', success(two!.provider_order_id));
    expect((await attempts(s, order.id)).map((p) => p.status)).toEqual(['success', 'refunded']);
    const refunded = await s.deps.db
      .selectFrom('card_payments')
      .select('refund_attempts')
      .where('provider_order_id', '=', two!.provider_order_id)
      .executeTakeFirstOrThrow();
    expect(refunded.refund_attempts).toBe(1);
    expect(await statusOf(s, order.id)).toBe('paid');
    // Its old checkout page says where the money went rather than offering to pay.
    const page = await s.app.request(
      `/sandbox/liqpay/checkout?${new URLSearchParams(encodeLiqpay(keys, { public_key: keys.publicKey, amount: order.total, currency: 'UAH', description: 'x', order_id: two!.provider_order_id }))}`,
    );
    expect(page.status).toBe(409);
    expect(await page.text()).toContain('повертається на картку');
  });
});

describe('LiqPay status request (real keys, a local fake LiqPay)', () => {
  let s: TestServer;
  let a: TestMember;
  let fake: FakeProvider;
  /** What the fake answers per provider order id (absent: payment_not_found). */
  const known = new Map<string, { status: string; amount: number }>();
  const PRIVATE = 'private-status-key';
  beforeAll(async () => {
    fake = await startFakeProvider((req) => {
      const form = new URLSearchParams(req.body);
      const data = form.get('data') ?? '';
      if (req.path !== '/api/request' || form.get('signature') !== liqpaySignature(PRIVATE, data))
        return { json: { result: 'error', status: 'error', err_code: 'invalid_signature' } };
      const asked = decode(data) as { action: string; order_id: string; public_key: string; version: number };
      if (asked.action !== 'status' || asked.version !== 3 || asked.public_key !== 'i000000002')
        return { json: { result: 'error', status: 'error', err_code: 'invalid_action' } };
      const p = known.get(asked.order_id);
      return {
        json: p
          ? {
              result: 'ok',
              action: 'pay',
              status: p.status,
              order_id: asked.order_id,
              amount: p.amount,
              currency: 'UAH',
            }
          : { result: 'error', status: 'error', err_code: 'payment_not_found' },
      };
    });
    s = await makeTestServer({
      env: {
        LIQPAY_PUBLIC_KEY: 'i000000002',
        LIQPAY_PRIVATE_KEY: PRIVATE,
        LIQPAY_API_URL: `${fake.origin}/api/request`,
        PUBLIC_URL: 'https://club.example',
      },
    });
    await withCatalogue(s);
    a = await createMember(s, { tags: ['pwa_user', 'age_verified'] });
  });
  afterAll(async () => {
    await s.close();
    await fake.close();
  });

  it('on the member’s return asks LiqPay, settles the order and goes on to the history', async () => {
    const order = await cardOrder(s, a);
    const link = new URL((await s.post('/api/api-shop/get-liqpay-link', { orderId: order.id }, a.token)).body.link);
    const req = decode(link.searchParams.get('data') ?? '');
    expect(req.result_url).toBe(`https://club.example/payments/liqpay/return?payment=${req.order_id}`);
    // Not paid yet: the member comes back, nothing changes.
    const early = await s.app.request(`/payments/liqpay/return?payment=${req.order_id}`);
    expect(early.headers.get('location')).toBe(`/history-order?payment=pending&order=${order.order_number}`);
    expect(await statusOf(s, order.id)).toBe('pending');
    // Paid at LiqPay, with no callback arriving: the return settles it (asked again once the
    // return page's window on status requests is over).
    known.set(req.order_id, { status: 'success', amount: order.total });
    s.clock.advance(s.config.PAYMENT_RETURN_CHECK_SECONDS * 1000);
    const back = await s.app.request(`/payments/liqpay/return?payment=${req.order_id}`);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/history-order?payment=success&order=${order.order_number}`);
    expect(await statusOf(s, order.id)).toBe('paid');
    const asked = fake.requests.filter(
      (r) => decode(new URLSearchParams(r.body).get('data') ?? '').order_id === req.order_id,
    );
    expect(asked.length).toBeGreaterThanOrEqual(2);
  });

  it('a second get-liqpay-link answers the open attempt’s link, or refuses once LiqPay says it is paid', async () => {
    const order = await cardOrder(s, a);
    const one = new URL((await s.post('/api/api-shop/get-liqpay-link', { orderId: order.id }, a.token)).body.link);
    const two = new URL((await s.post('/api/api-shop/get-liqpay-link', { orderId: order.id }, a.token)).body.link);
    expect(decode(two.searchParams.get('data')!).order_id).toBe(decode(one.searchParams.get('data')!).order_id);
    known.set(decode(one.searchParams.get('data')!).order_id, { status: 'success', amount: order.total });
    const three = await s.post('/api/api-shop/get-liqpay-link', { orderId: order.id }, a.token);
    expect(three.status).toBe(422);
    expect(three.body.error.code).toBe('already_paid');
    expect(await statusOf(s, order.id)).toBe('paid');
  });

  it('the scheduled check settles attempts left open past PAYMENT_CHECK_AFTER_MINUTES, and only those', async () => {
    const paid = await cardOrder(s, a);
    const declined = await cardOrder(s, a);
    const idOf = async (orderId: number) =>
      decode(
        new URL((await s.post('/api/api-shop/get-liqpay-link', { orderId }, a.token)).body.link).searchParams.get(
          'data',
        )!,
      ).order_id as string;
    const paidId = await idOf(paid.id);
    const declinedId = await idOf(declined.id);
    known.set(paidId, { status: 'success', amount: paid.total });
    known.set(declinedId, { status: 'failure', amount: declined.total });
    expect(await checkPendingPayments(s.deps)).toBe(0);
    expect(await statusOf(s, paid.id)).toBe('pending');
    s.clock.advance(11 * 60_000);
    expect(await checkPendingPayments(s.deps)).toBe(2);
    expect(await statusOf(s, paid.id)).toBe('paid');
    expect(await statusOf(s, declined.id)).toBe('failed');
    // A wrong amount in the provider's answer is not applied.
    const odd = await cardOrder(s, a);
    const oddId = await idOf(odd.id);
    known.set(oddId, { status: 'success', amount: 1 });
    s.clock.advance(11 * 60_000);
    await checkPendingPayments(s.deps);
    expect(await statusOf(s, odd.id)).toBe('pending');
  });
});
