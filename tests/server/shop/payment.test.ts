import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentKeys } from '../../../server/routes/shop/payment-keys';
import { encodeLiqpay, liqpaySignature } from '../../../server/sandboxes/liqpay';
import { issueToken } from '../../../server/security/tokens';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { orderBody, placeOrder, product, withCatalogue, type CatalogueItem } from './support';

let s: TestServer;
let a: TestMember;
let b: TestMember;
let amber: CatalogueItem;
beforeAll(async () => {
  s = await makeTestServer();
  await withCatalogue(s);
  a = await createMember(s, { tags: ['pwa_user', 'age_verified'], xp: 5000 });
  b = await createMember(s);
  amber = await product(s, 'sticks-amber-20');
});
afterAll(() => s.close());

const cardOrder = async (m: TestMember, quantity = 3) =>
  (await placeOrder(s, m, orderBody([{ variant_id: amber.variant_id, quantity }], { payment: 2 }))).body.order as {
    id: number;
    order_number: number;
  };
const linkFor = (m: TestMember, body: Record<string, unknown>) =>
  s.post('/api/api-shop/get-liqpay-link', body, m.token);
const statusOf = async (orderId: number) =>
  (await s.deps.db.selectFrom('orders').select('financial_status').where('id', '=', orderId).executeTakeFirstOrThrow())
    .financial_status;
const decode = (data: string) => JSON.parse(Buffer.from(data, 'base64').toString('utf8'));

/** The sandbox page of a link, and the signed forms of its two buttons. */
async function checkout(link: string) {
  const res = await s.app.request(link.replace(/^https?:\/\/[^/]+/, ''));
  const html = await res.text();
  const forms = [
    ...html.matchAll(/name="data" value="([^"]+)"><input type="hidden" name="signature" value="([^"]+)"/g),
  ].map((f) => ({ data: f[1]!, signature: f[2]! }));
  return { status: res.status, html, pay: forms[0], decline: forms[1] };
}

const postCallback = (path: string, form: { data: string; signature: string }) =>
  s.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

describe('get-liqpay-link (docs/rules.md#states card payment, LiqPay-compatible)', () => {
  it('answers a signed sandbox checkout link for the member’s own unpaid card order', async () => {
    const order = await cardOrder(a);
    const r = await linkFor(a, { orderId: order.id });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const url = new URL(r.body.link);
    expect(url.pathname).toBe('/sandbox/liqpay/checkout');
    const data = url.searchParams.get('data') ?? '';
    expect(url.searchParams.get('signature')).toBe(liqpaySignature((await paymentKeys(s.deps)).privateKey, data));
    expect(decode(data)).toMatchObject({
      version: 3,
      action: 'pay',
      amount: 315,
      currency: 'UAH',
      order_id: expect.stringMatching(new RegExp(`^club-${order.order_number}-`)),
      language: 'uk',
      sandbox: 1,
    });
    expect(decode(data).result_url).toMatch(/\/history-order$/);
    expect(decode(data).server_url).toMatch(/\/payments\/liqpay\/callback$/);
  });

  it('refuses another member’s order (403), an unknown one or one of the other variant (404)', async () => {
    const order = await cardOrder(a);
    const theirs = await linkFor(b, { orderId: order.id });
    expect(theirs.status).toBe(403);
    expect(theirs.body.error.code).toBe('not_owner');
    expect((await linkFor(a, { orderId: 999_999 })).status).toBe(404);
    expect((await linkFor(a, { orderId: order.id, ogo: true })).status).toBe(404);
    expect(
      await s.deps.db.selectFrom('card_payments').select('id').where('order_id', '=', order.id).execute(),
    ).toHaveLength(0);
  });

  it('refuses orders not paid by card (422) and bad input (400 naming the field)', async () => {
    const cash = (await placeOrder(s, a, orderBody([{ variant_id: amber.variant_id }]))).body.order;
    expect((await linkFor(a, { orderId: cash.id })).body.error.code).toBe('not_card_order');
    const thermo = await product(s, 'bonus-thermo');
    const xp = (await placeOrder(s, a, orderBody([{ variant_id: thermo.variant_id }], { payment: 2 }))).body.order;
    expect(xp.payment_method).toBe(3);
    expect((await linkFor(a, { orderId: xp.id })).status).toBe(422);
    const bad = await linkFor(a, {});
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('«orderId»');
  });

  it('checks an ogo token when one is sent: a dead one is 401, another member’s 403', async () => {
    const order = await cardOrder(a);
    expect((await linkFor(a, { orderId: order.id, ogoAuthApiToken: 'nope' })).status).toBe(401);
    const theirs = await issueToken(s.deps.db, b.id, 'ogo', s.clock.now());
    expect((await linkFor(a, { orderId: order.id, ogoAuthApiToken: theirs.token })).status).toBe(403);
    const mine = await issueToken(s.deps.db, a.id, 'ogo', s.clock.now());
    expect((await linkFor(a, { orderId: order.id, ogoAuthApiToken: mine.token })).status).toBe(200);
  });
});

describe('the sandbox checkout page and its signed callback', () => {
  it('pays: the order becomes paid, the browser returns to the history, and no new link is given (422)', async () => {
    const order = await cardOrder(a);
    const link = (await linkFor(a, { orderId: order.id })).body.link as string;
    const page = await checkout(link);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Сплатити');
    expect(page.html).toContain('Відхилити');
    expect(page.html).toContain(`Оплата замовлення №${order.order_number}`);
    expect(page.html).toMatch(/315,00/);
    const res = await postCallback('/sandbox/liqpay/callback', page.pay!);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/history-order?payment=success&order=${order.order_number}`);
    expect(await statusOf(order.id)).toBe('paid');
    const again = await linkFor(a, { orderId: order.id });
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe('already_paid');
    // The old page says it is done rather than offering to pay again.
    const done = await checkout(link);
    expect(done.status).toBe(409);
    expect(done.html).toContain('уже проведено');
    expect(done.pay).toBeUndefined();
  });

  it('declines: the order fails; a new link reopens it and its payment succeeds', async () => {
    const order = await cardOrder(a);
    const page = await checkout((await linkFor(a, { orderId: order.id })).body.link);
    const res = await postCallback('/sandbox/liqpay/callback', page.decline!);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/history-order?payment=failure&order=${order.order_number}`);
    expect(await statusOf(order.id)).toBe('failed');
    // A repeated decline changes nothing more.
    expect((await postCallback('/sandbox/liqpay/callback', page.decline!)).status).toBe(303);
    const retry = await linkFor(a, { orderId: order.id });
    expect(retry.status).toBe(200);
    expect(await statusOf(order.id)).toBe('pending');
    const second = await checkout(retry.body.link);
    expect((await postCallback('/sandbox/liqpay/callback', second.pay!)).status).toBe(303);
    expect(await statusOf(order.id)).toBe('paid');
    const attempts = await s.deps.db
      .selectFrom('card_payments')
      .select('status')
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(attempts.map((p) => p.status)).toEqual(['failure', 'success']);
    // A decline arriving after the payment never unpays it.
    await postCallback('/sandbox/liqpay/callback', page.decline!);
    expect(await statusOf(order.id)).toBe('paid');
  });

  it('an old declined link of an order paid since says the order is paid, offering no payment and no new link', async () => {
    const order = await cardOrder(a);
    const firstLink = (await linkFor(a, { orderId: order.id })).body.link as string;
    const first = await checkout(firstLink);
    await postCallback('/sandbox/liqpay/callback', first.decline!);
    // Before it is paid the declined link points to a new one.
    const declined = await checkout(firstLink);
    expect(declined.html).toContain('отримай нове посилання');
    const second = await checkout((await linkFor(a, { orderId: order.id })).body.link);
    await postCallback('/sandbox/liqpay/callback', second.pay!);
    expect(await statusOf(order.id)).toBe('paid');
    const old = await checkout(firstLink);
    expect(old.status).toBe(409);
    expect(old.html).toContain(`Замовлення №${order.order_number} уже оплачено`);
    expect(old.html).not.toContain('отримай нове посилання');
    expect(old.html).not.toMatch(/Щоб сплатити/);
    expect(old.pay).toBeUndefined();
  });

  it('takes the provider’s server-to-server callback, checking the amount against the order', async () => {
    const order = await cardOrder(a, 2);
    const link = new URL((await linkFor(a, { orderId: order.id })).body.link);
    const req = decode(link.searchParams.get('data') ?? '');
    const keys = await paymentKeys(s.deps);
    const wrongSum = encodeLiqpay(keys, { order_id: req.order_id, status: 'success', amount: 1, currency: 'UAH' });
    const r1 = await postCallback('/payments/liqpay/callback', wrongSum);
    expect(r1.status).toBe(422);
    expect(await statusOf(order.id)).toBe('pending');
    const ok = encodeLiqpay(keys, { order_id: req.order_id, status: 'success', amount: 210, currency: 'UAH' });
    const r2 = await postCallback('/payments/liqpay/callback', ok);
    expect(r2.status).toBe(200);
    expect(await r2.json()).toEqual({ ok: true, order_number: order.order_number, status: 'paid' });
    expect(await statusOf(order.id)).toBe('paid');
    const unknown = encodeLiqpay(keys, { order_id: 'club-1-none', status: 'success', amount: 210, currency: 'UAH' });
    expect((await postCallback('/payments/liqpay/callback', unknown)).status).toBe(404);
  });

  it('refuses a forged or altered callback and leaves the order as it was', async () => {
    const order = await cardOrder(a);
    const page = await checkout((await linkFor(a, { orderId: order.id })).body.link);
    const forged = encodeLiqpay(
      { publicKey: 'sandbox_club', privateKey: 'guessed', sandbox: true },
      decode(page.pay!.data),
    );
    const r1 = await postCallback('/sandbox/liqpay/callback', forged);
    expect(r1.status).toBe(403);
    expect(((await r1.json()) as { error: { code: string } }).error.code).toBe('invalid_signature');
    const altered = Buffer.from(JSON.stringify({ ...decode(page.decline!.data), status: 'success' })).toString(
      'base64',
    );
    expect(
      (await postCallback('/sandbox/liqpay/callback', { data: altered, signature: page.decline!.signature })).status,
    ).toBe(403);
    expect((await postCallback('/payments/liqpay/callback', forged)).status).toBe(403);
    expect((await postCallback('/sandbox/liqpay/callback', { data: '', signature: '' })).status).toBe(400);
    expect(await statusOf(order.id)).toBe('pending');
    const tampered = await s.app.request(
      `/sandbox/liqpay/checkout?data=${encodeURIComponent(page.pay!.data)}&signature=x`,
    );
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('Посилання недійсне');
  });
});

describe('with LiqPay keys configured', () => {
  it('links to LiqPay’s checkout signed with the configured private key, and the sandbox is off', async () => {
    const live = await makeTestServer({
      env: { LIQPAY_PUBLIC_KEY: 'i000000001', LIQPAY_PRIVATE_KEY: 'private-test-key' },
    });
    try {
      await withCatalogue(live);
      const m = await createMember(live, { tags: ['pwa_user', 'age_verified'] });
      const p = await product(live, 'sticks-amber-20');
      const order = (
        await live.call('POST', '/api/api-shop/create-order', {
          body: orderBody([{ variant_id: p.variant_id }], { payment: 2 }),
          token: m.token,
        })
      ).body.order;
      const r = await live.post('/api/api-shop/get-liqpay-link', { orderId: order.id }, m.token);
      const url = new URL(r.body.link);
      expect(`${url.origin}${url.pathname}`).toBe('https://www.liqpay.ua/api/3/checkout');
      const data = url.searchParams.get('data') ?? '';
      expect(url.searchParams.get('signature')).toBe(liqpaySignature('private-test-key', data));
      expect(decode(data)).toMatchObject({ public_key: 'i000000001', amount: 105 });
      expect(decode(data).sandbox).toBeUndefined();
      expect((await live.app.request(`/sandbox/liqpay/checkout?${url.searchParams.toString()}`)).status).toBe(404);
    } finally {
      await live.close();
    }
  });
});
