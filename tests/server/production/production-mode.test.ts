import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerReport } from '../../../server/providers/index';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, TEST_PHONES, type TestServer, PRODUCTION_ENV } from '../../support/server';
import { orderBody, placeOrder, product, withCatalogue } from '../shop/support';

/**
 * the server started as a deployment would be (`NODE_ENV=production`, no
 * provider keys) fails closed. No sandbox money, no sign-in without SMS, no self-declared age,
 * no SMS codes into a sandbox nobody reads: each refused with a clear Ukrainian answer, and
 * nothing written.
 */
let s: TestServer;
let m: TestMember;
beforeAll(async () => {
  s = await makeTestServer({ env: { ...PRODUCTION_ENV } });
  await withCatalogue(s);
  m = await createMember(s, { phone: '380671112233' });
});
afterAll(() => s.close());

const ukrainian = (text: string) => expect(text).toMatch(/^[^A-Za-z]*[А-ЯІЇЄҐа-яіїєґ’ʼ]/u);

describe('3. card payment with no LiqPay keys', () => {
  it('refuses a card order, and a link for one already placed, with a clear answer; the sandbox checkout is gone', async () => {
    const amber = await product(s, 'sticks-amber-20');
    const r = await placeOrder(s, m, orderBody([{ variant_id: amber.variant_id, quantity: 3 }], { payment: 2 }));
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({
      code: 'card_payment_unavailable',
      message: 'Оплата карткою зараз недоступна. Обери оплату при отриманні',
    });
    expect(
      await s.deps.db.selectFrom('orders').select('id').where('customer_id', '=', m.glo.id).execute(),
    ).toHaveLength(0);
    // A card order from before (e.g. placed while keys were set) gets no sandbox link either.
    const cash = await placeOrder(s, m, orderBody([{ variant_id: amber.variant_id, quantity: 3 }]));
    expect(cash.status).toBe(200);
    await s.deps.db.updateTable('orders').set({ payment_method: 2 }).where('id', '=', cash.body.order.id).execute();
    const link = await s.post('/api/api-shop/get-liqpay-link', { orderId: cash.body.order.id }, m.token);
    expect(link.status).toBe(422);
    expect(link.body.error.code).toBe('card_payment_unavailable');
    expect(await s.deps.db.selectFrom('card_payments').select('id').execute()).toHaveLength(0);
    const page = await s.app.request('/sandbox/liqpay/checkout?data=x&signature=y');
    expect(page.status).toBe(404);
    const cb = await s.app.request('/sandbox/liqpay/callback', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'data=x&signature=y',
    });
    expect(cb.status).toBe(404);
    expect(
      await s.deps.db
        .selectFrom('orders')
        .select('financial_status')
        .where('id', '=', cash.body.order.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ financial_status: 'pending' });
  });
});

describe('4. test-login', () => {
  it('signs no one in, not even the two allow-listed phones', async () => {
    await createMember(s, { phone: TEST_PHONES[0], tags: ['pwa_user', 'age_verified'] });
    const before = await s.deps.db.selectFrom('sessions').select('token_hash').execute();
    for (const phone of TEST_PHONES) {
      const r = await s.post('/api/api-auth/test-login', { phone });
      expect(r.status).toBe(403);
      expect(r.body.error).toEqual({
        code: 'test_login_disabled',
        message: 'Вхід без SMS на цьому сервері вимкнено. Увійди з кодом із SMS',
      });
    }
    expect(await s.deps.db.selectFrom('sessions').select('token_hash').execute()).toHaveLength(before.length);
  });
});

describe('5. self-declared age (verify-age)', () => {
  it('is refused, the age stays unverified and the next order is still a pre-order', async () => {
    const r = await s.post('/api/user/verify-age', { method: 'diia', birth_date: '1990-01-01' }, m.token);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('age_check_unavailable');
    ukrainian(r.body.error.message);
    expect(r.body.error.message).toContain('під час отримання');
    const glo = await s.deps.db
      .selectFrom('customers')
      .select('tags')
      .where('id', '=', m.glo.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(glo.tags)).not.toContain('age_verified');
    const ogoFlag = await s.deps.db
      .selectFrom('metafields')
      .select('value')
      .where('customer_id', '=', m.ogo.id)
      .where('key', '=', 'age_verified')
      .execute();
    expect(ogoFlag).toHaveLength(0);
    const amber = await product(s, 'sticks-amber-20');
    const order = await placeOrder(s, m, orderBody([{ variant_id: amber.variant_id }]));
    expect(order.body.order.tags).toContain('pre-order');
  });
});

describe('6. SMS codes with no SMS gateway', () => {
  it('are refused with 503 and a clear answer; nothing goes to the sandbox outbox and no code is kept', async () => {
    const login = await s.post('/api/api-auth/login-sms', { phone: m.phone });
    expect(login.status).toBe(503);
    // Not «спробуй пізніше»: nothing changes until the deployment gets an SMS gateway.
    expect(login.body.error).toEqual({
      code: 'sms_unavailable',
      message: 'Вхід і реєстрація зараз недоступні: клуб не надсилає SMS-коди',
    });
    const reg = await s.post('/api/api-auth/registration', {
      first_name: 'Ірина',
      last_name: 'Коваль',
      email: 'iryna@example.com',
      phone: '+380671234567',
      adult_confirmed: true,
    });
    expect(reg.status).toBe(503);
    expect(reg.body.error.code).toBe('sms_unavailable');
    expect(await s.deps.db.selectFrom('sms_outbox').select('id').execute()).toHaveLength(0);
    expect(await s.deps.db.selectFrom('sms_codes').select('id').execute()).toHaveLength(0);
    // The dev views (the SMS outbox) are not mounted in production.
    expect((await s.app.request('/dev/sms-outbox?phone=380671112233')).status).not.toBe(200);
  });
});

describe('the app learns what is off (get-version)', () => {
  it('says card payment, SMS, sign-in without SMS and the online age check are all off', async () => {
    const r = await s.post('/api/get-version', {});
    expect(r.status).toBe(200);
    expect(r.body.providers).toEqual({ card: false, sms: false, testLogin: false, ageCheck: false });
  });
});

describe('SANDBOXES names sandboxes for a staging deployment', () => {
  it('turns each named one on in production, and the start-up report says so', async () => {
    const staging = await makeTestServer({ env: { ...PRODUCTION_ENV, SANDBOXES: 'liqpay,sms,test-login,age-check' } });
    try {
      await withCatalogue(staging);
      const e = await createMember(staging, { phone: TEST_PHONES[0] });
      expect((await staging.post('/api/api-auth/test-login', { phone: TEST_PHONES[0] })).body.ok).toBe(true);
      expect(
        (await staging.post('/api/user/verify-age', { method: 'diia', birth_date: '1990-01-01' }, e.token)).status,
      ).toBe(200);
      expect((await staging.post('/api/api-auth/login-sms', { phone: e.phone })).body).toMatchObject({
        sent: true,
        registered: true,
      });
      const amber = await product(staging, 'sticks-amber-20');
      const order = await placeOrder(staging, e, orderBody([{ variant_id: amber.variant_id }], { payment: 2 }));
      const link = await staging.post('/api/api-shop/get-liqpay-link', { orderId: order.body.order.id }, e.token);
      expect(new URL(link.body.link).pathname).toBe('/sandbox/liqpay/checkout');
      expect((await staging.post('/api/get-version', {})).body.providers).toEqual({
        card: true,
        sms: true,
        testLogin: true,
        ageCheck: true,
      });
      const report = providerReport(staging.config);
      expect(report[0]).toEqual({
        level: 'info',
        msg: 'providers',
        fields: { card: 'sandbox', sms: 'sandbox', testLogin: 'on', ageCheck: 'sandbox' },
      });
      expect(report.find((l) => l.level === 'warn')?.msg).toMatch(
        /sandboxes running in production.*liqpay, sms, test-login, age-check/,
      );
    } finally {
      await staging.close();
    }
  });

  it('reports a production server with no sandbox and no keys as all off, and names an unknown sandbox', () => {
    const report = providerReport(s.config);
    expect(report[0]).toEqual({
      level: 'info',
      msg: 'providers',
      fields: { card: 'off', sms: 'off', testLogin: 'off', ageCheck: 'off' },
    });
    // With no SMS nobody can sign in: said at `error`, not among the info lines.
    expect(report.slice(1)).toEqual([
      {
        level: 'error',
        msg: 'members cannot use the club: sms: no SMS gateway (TURBOSMS_TOKEN, TURBOSMS_SENDER), so nobody can sign in or register',
      },
    ]);
    const typo = providerReport({ ...s.config, sandboxes: new Set(['liqpy']) });
    expect(typo[0]?.fields).toMatchObject({ card: 'off' });
    expect(typo.map((l) => l.msg).join('\n')).toContain('unknown sandbox «liqpy»');
  });
});

describe('the demo data on a staging deployment (SEED=demo) with card payments off', () => {
  it('is seeded without a payment provider: the demo card orders are cash orders, none waits for a card payment', async () => {
    const p = await makeTestServer({ env: { ...PRODUCTION_ENV, SEED: 'demo' }, seed: true });
    try {
      const orders = await p.deps.db.selectFrom('orders').select(['payment_method', 'financial_status']).execute();
      expect(orders.length).toBeGreaterThan(5);
      expect(orders.filter((o) => o.payment_method === 2)).toEqual([]);
      expect(await p.deps.db.selectFrom('card_payments').select('id').execute()).toHaveLength(0);
    } finally {
      await p.close();
    }
  });
});
