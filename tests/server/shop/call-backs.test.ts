import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { orderBody, placeOrder, product, withCatalogue } from './support';

let s: TestServer;
let a: TestMember;
let b: TestMember;
let orderA: { id: number; order_number: number };
let ogoOrderA: { id: number; order_number: number };
beforeAll(async () => {
  s = await makeTestServer();
  await withCatalogue(s);
  a = await createMember(s, { tags: ['pwa_user', 'age_verified'], firstName: 'Олена', phone: '380501112233' });
  b = await createMember(s, { phone: '380671112233' });
  orderA = (
    await placeOrder(s, a, orderBody([{ variant_id: (await product(s, 'sticks-amber-20')).variant_id, quantity: 4 }]))
  ).body.order;
  ogoOrderA = (
    await placeOrder(s, a, orderBody([{ variant_id: (await product(s, 'ogo-velo-freeze')).variant_id }], { ogo: true }))
  ).body.order;
});
afterAll(() => s.close());

const call = (m: TestMember, body: Record<string, unknown>) => s.post('/api/api-shop/send-phone-call', body, m.token);
const promo = (m: TestMember, body: Record<string, unknown>) => s.post('/api/api-shop/send-promocode', body, m.token);

describe('send-phone-call (docs/api.md#orders, docs/rules.md#validation call-back day)', () => {
  it('stores a call-back for today with the app’s sums as sent and the server’s own figures', async () => {
    // 12:00 in Kyiv on the test clock.
    const r = await call(a, {
      orderSum: 420,
      orderNumber: orderA.order_number,
      orderPayment: 'Готівка',
      callFrom: '14:00',
      callTo: '16:00',
      phone: '+38 (050) 111-22-33',
      avgCheck: 300,
      first_name: 'Олена',
      totalSpent: 1,
      orders_count: 99,
      day: 'Сьогодні',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ok: true,
      id: expect.any(Number),
      day: 'today',
      date: '2026-11-23',
      from: '14:00',
      to: '16:00',
    });
    const row = await s.deps.db
      .selectFrom('call_back_requests')
      .selectAll()
      .where('id', '=', r.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      member_id: a.id,
      customer_id: a.glo.id,
      order_id: orderA.id,
      phone: '380501112233',
      day: 'today',
      call_date: '2026-11-23',
      orders_count: 1,
      total_spent: 42_000,
    });
    expect(JSON.parse(row.client_figures)).toMatchObject({ orderSum: 420, totalSpent: 1, orders_count: 99 });
  });

  it('calls tomorrow for any other day label or none, on the ogo record when asked', async () => {
    const r = await call(a, { callFrom: '09:00', callTo: '10:00', phone: '0501112233', day: 'Завтра', ogo: true });
    expect(r.body).toMatchObject({ day: 'tomorrow', date: '2026-11-24' });
    const row = await s.deps.db
      .selectFrom('call_back_requests')
      .select('customer_id')
      .where('id', '=', r.body.id)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(a.ogo.id);
    expect((await call(a, { callFrom: '09:00', callTo: '10:00', phone: '0501112233' })).body.day).toBe('tomorrow');
  });

  it('refuses a window already over today or back to front (422), and bad fields (400 naming them)', async () => {
    const over = await call(a, { callFrom: '09:00', callTo: '11:00', phone: '0501112233', day: 'Сьогодні' });
    expect(over.status).toBe(422);
    expect(over.body.error.message).toBe('Цей час сьогодні вже минув — обери інший');
    expect((await call(a, { callFrom: '16:00', callTo: '14:00', phone: '0501112233' })).body.error.code).toBe(
      'call_back_invalid',
    );
    for (const [body, field] of [
      [{ callFrom: '9:00', callTo: '10:00', phone: '0501112233' }, 'callFrom'],
      [{ callFrom: '09:00', callTo: '24:00', phone: '0501112233' }, 'callTo'],
      [{ callFrom: '09:00', callTo: '10:00', phone: '12' }, 'phone'],
      [{ callFrom: '09:00', callTo: '10:00' }, 'phone'],
      [{ callFrom: '09:00', callTo: '10:00', phone: '0501112233', orderSum: -1 }, 'orderSum'],
    ] as const) {
      const r = await call(a, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toContain(`«${field}»`);
    }
  });

  it('ties a call only to the caller’s own order: 403 for another member’s, 404 for none', async () => {
    const theirs = await call(b, {
      orderNumber: orderA.order_number,
      callFrom: '14:00',
      callTo: '16:00',
      phone: '0671112233',
    });
    expect(theirs.status).toBe(403);
    expect(
      (await call(b, { orderNumber: 999_999, callFrom: '14:00', callTo: '16:00', phone: '0671112233' })).status,
    ).toBe(404);
    expect(
      await s.deps.db.selectFrom('call_back_requests').select('id').where('member_id', '=', b.id).execute(),
    ).toHaveLength(0);
  });
});

describe('send-phone-call: the member’s own number, a few times a day', () => {
  it('refuses any number but the member’s own with 403, and records nothing', async () => {
    const c = await createMember(s, { phone: '380931230000' });
    for (const phone of ['0501112233', '+380991234567', '0671112233']) {
      const r = await call(c, { callFrom: '09:00', callTo: '10:00', phone });
      expect(r.status, phone).toBe(403);
      expect(r.body.error).toEqual({
        code: 'not_own_phone',
        message: 'Зателефонувати можемо лише на твій номер, з яким ти входиш до клубу',
      });
    }
    expect(
      await s.deps.db.selectFrom('call_back_requests').select('id').where('member_id', '=', c.id).execute(),
    ).toHaveLength(0);
    expect((await call(c, { callFrom: '09:00', callTo: '10:00', phone: '+38 093 123 00 00' })).status).toBe(200);
  });

  it('takes CALL_BACKS_PER_DAY (5) requests in 24 hours, then 429 with Retry-After until the oldest is a day old', async () => {
    const c = await createMember(s, { phone: '380931230001' });
    for (let i = 0; i < 5; i += 1)
      expect((await call(c, { callFrom: '09:00', callTo: '10:00', phone: '0931230001' })).status).toBe(200);
    const over = await call(c, { callFrom: '09:00', callTo: '10:00', phone: '0931230001' });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');
    expect(over.body.error.message).toContain('Не більше 5 запитів на дзвінок на добу');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      await s.deps.db.selectFrom('call_back_requests').select('id').where('member_id', '=', c.id).execute(),
    ).toHaveLength(5);
    s.clock.advance(86_400_000 + 1000);
    expect((await call(c, { callFrom: '09:00', callTo: '10:00', phone: '0931230001' })).status).toBe(200);
  });
});

describe('send-promocode (docs/api.md#orders)', () => {
  it('records the velo promo against an own ogo order once, however often it is sent', async () => {
    const first = await promo(a, { code: 'velo-20%', orderId: ogoOrderA.id, shopDomain: 'ogo.example.ua' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, id: expect.any(Number), code: 'VELO-20%', orderId: ogoOrderA.id });
    const again = await promo(a, { code: 'VELO-20%', orderId: ogoOrderA.id, shopDomain: 'ogo.example.ua' });
    expect(again.body.id).toBe(first.body.id);
    const rows = await s.deps.db
      .selectFrom('order_promocodes')
      .selectAll()
      .where('order_id', '=', ogoOrderA.id)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({ code: 'VELO-20%', kind: 'velo', shop_domain: 'ogo.example.ua', member_id: a.id }),
    ]);
  });

  it('records a friend’s real code with its owner, and refuses unknown, own and velo-on-glo codes', async () => {
    await s.deps.db.updateTable('members').set({ mgm_code: 'REW-FRIEND' }).where('id', '=', b.id).execute();
    await s.deps.db.updateTable('members').set({ mgm_code: 'REW-OLENA7' }).where('id', '=', a.id).execute();
    const ok = await promo(a, { code: 'REW-FRIEND', orderId: orderA.id, shopDomain: 'glo.example.ua' });
    expect(ok.status).toBe(200);
    const row = await s.deps.db
      .selectFrom('order_promocodes')
      .selectAll()
      .where('id', '=', ok.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'friend', referrer_member_id: b.id });
    for (const [code, error] of [
      ['REW-NOBODY', 'friend_code_unknown'],
      ['REW-OLENA7', 'friend_code_own'],
      ['SALE10', 'promo_unknown'],
      ['VELO-20%', 'promo_not_applicable'],
    ] as const) {
      const r = await promo(a, { code, orderId: orderA.id, shopDomain: 'glo.example.ua' });
      expect(r.status, code).toBe(422);
      expect(r.body.error.code).toBe(error);
    }
  });

  it('refuses another member’s order (403), an unknown one (404) and bad input (400 naming the field)', async () => {
    expect((await promo(b, { code: 'VELO-20%', orderId: ogoOrderA.id, shopDomain: 'ogo.example.ua' })).status).toBe(
      403,
    );
    expect((await promo(a, { code: 'VELO-20%', orderId: 999_999, shopDomain: 'ogo.example.ua' })).status).toBe(404);
    for (const [body, field] of [
      [{ orderId: orderA.id, shopDomain: 'x' }, 'code'],
      [{ code: ' ', orderId: orderA.id, shopDomain: 'x' }, 'code'],
      [{ code: 'A', orderId: orderA.id }, 'shopDomain'],
    ] as const) {
      const r = await promo(a, body);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toContain(`«${field}»`);
    }
  });
});
