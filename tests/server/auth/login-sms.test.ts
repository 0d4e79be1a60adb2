import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSmsCode, signInWithSms, smsCount } from '../../support/auth';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { sha256 } from '../../../server/security/tokens';

let s: TestServer;
let a: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s, { phone: '380501112233', firstName: 'Олег', tags: ['pwa_user', 'age_verified'] });
});
afterAll(() => s.close());

describe('login-sms (docs/api.md#auth)', () => {
  it('sends a 6-digit code in Ukrainian to a registered phone and says so', async () => {
    const r = await s.post('/api/api-auth/login-sms', { phone: a.phone });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sent: true, resendIn: 60, registered: true });
    const out = await s.get('/dev/sms-outbox', { phone: a.phone });
    expect(out.body.messages).toHaveLength(1);
    expect(out.body.messages[0].code).toMatch(/^\d{6}$/);
    expect(out.body.messages[0].text).toContain('Код для входу');
    expect(out.body.messages[0].text).toContain(out.body.messages[0].code);
  });

  it('answers registered=false for an unknown phone and sends nothing (the app goes to /registration)', async () => {
    const r = await s.post('/api/api-auth/login-sms', { phone: '380679998877' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sent: false, resendIn: 0, registered: false });
    expect(await smsCount(s, '380679998877')).toBe(0);
  });

  it('normalises the phone to digits: spaces, +, brackets and the local 0… form (docs/rules.md#validation)', async () => {
    const b = await createMember(s, { phone: '380931234567' });
    const r = await s.post('/api/api-auth/login-sms', { phone: '+38 (093) 123-45-67' });
    expect(r.body.registered).toBe(true);
    s.clock.advance(61_000);
    const r2 = await s.post('/api/api-auth/login-sms', { phone: '0931234567' });
    expect(r2.body.registered).toBe(true);
    expect(await smsCount(s, b.phone)).toBe(2);
  });

  it('refuses what is not a Ukrainian mobile with 400', async () => {
    for (const phone of ['12345', '+44 20 7946 0958', '3805012345678', 'abc', '']) {
      const r = await s.post('/api/api-auth/login-sms', { phone });
      expect(r.status, phone).toBe(400);
    }
    const r = await s.post('/api/api-auth/login-sms', {});
    expect(r.status).toBe(400);
  });
});

describe('confirm-sms (docs/rules.md#states SMS authentication)', () => {
  it('signs in with the right code: a customer with shopify_id, a new token, what the app needs', async () => {
    s.clock.advance(61_000);
    const { token, body } = await signInWithSms(s, a.phone);
    expect(body.ok).toBe(true);
    expect(body.customer.shopify_id).toBe(a.glo.id);
    expect(body.customer).toMatchObject({
      id: a.glo.id,
      first_name: 'Олег',
      phone: a.phone,
      orders_count: 0,
      total_spent: 0,
    });
    expect(body.ogo_customer_id).toBe(a.ogo.id);
    expect(body.age_verified).toBe(true);
    expect(body.tags).toEqual(['pwa_user', 'age_verified']);
    expect(token).not.toBe(a.token);
    const user = await s.post('/api/user/get-user', { id: a.glo.id }, token);
    expect(user.status).toBe(200);
    // A user token lives 90 days from the sign-in, absolute.
    expect(Date.parse(body.expired_at) - s.clock.now().getTime()).toBe(90 * 86_400_000);
  });

  it('gives a new token at each login and keeps only its hash', async () => {
    const first = await signInWithSms(s, a.phone, { waitForResend: true });
    const second = await signInWithSms(s, a.phone, { waitForResend: true });
    expect(first.token).not.toBe(second.token);
    const rows = await s.deps.db.selectFrom('sessions').selectAll().where('member_id', '=', a.id).execute();
    const hashes = rows.map((r) => r.token_hash);
    expect(hashes).toContain(sha256(second.token));
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(second.token);
  });

  it("answers a wrong code with 401 'Спробуй ще раз' (docs/rules.md#error-reactions)", async () => {
    s.clock.advance(61_000);
    await s.post('/api/api-auth/login-sms', { phone: a.phone });
    const right = await lastSmsCode(s, a.phone);
    const wrong = right === '000000' ? '111111' : '000000';
    const r = await s.post('/api/api-auth/confirm-sms', { phone: a.phone, code: wrong });
    expect(r.status).toBe(401);
    expect(r.body.error.message).toBe('Спробуй ще раз');
    expect((await s.post('/api/api-auth/confirm-sms', { phone: a.phone, code: right })).status).toBe(200);
  });

  it("answers a phone without a member with no token and no customer, only 'Спробуй ще раз'", async () => {
    const r = await s.post('/api/api-auth/confirm-sms', { phone: '380665554433', code: '123456' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: false, message: 'Спробуй ще раз' });
  });

  it('refuses malformed input with 400', async () => {
    for (const body of [
      { phone: a.phone },
      { phone: a.phone, code: '12345' },
      { phone: a.phone, code: 'abcdef' },
      { code: '123456' },
    ]) {
      expect((await s.post('/api/api-auth/confirm-sms', body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('login-sms and confirm-sms, more cases', () => {
  it('a repeat of login-sms with the same Idempotency-Key is the stored answer, not a second SMS', async () => {
    const m = await createMember(s);
    const one = await s.call('POST', '/api/api-auth/login-sms', { body: { phone: m.phone }, idem: 'login-sms-key-1' });
    const two = await s.call('POST', '/api/api-auth/login-sms', { body: { phone: m.phone }, idem: 'login-sms-key-1' });
    expect(two.status).toBe(200);
    expect(two.body).toEqual(one.body);
    expect(two.headers.get('idempotent-replayed')).toBe('true');
    expect(await smsCount(s, m.phone)).toBe(1);
  });

  it('signs in a member who has no glo record yet (ogo only): the record is made, shopify_id answered', async () => {
    const now = s.clock.now().toISOString();
    const { id } = await s.deps.db
      .insertInto('members')
      .values({
        phone: '380661239876',
        first_name: 'Тарас',
        last_name: 'Кравчук',
        email: 'taras.k@example.com',
        birth_date: null,
        adult_confirmed: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ogo = await s.deps.db
      .insertInto('customers')
      .values({
        member_id: id,
        variant: 'ogo',
        first_name: 'Тарас',
        last_name: 'Кравчук',
        email: 'taras.k@example.com',
        phone: '380661239876',
        tags: '["pwa_user"]',
        note: '',
        orders_count: 0,
        total_spent: 0,
        xp_balance: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { body } = await signInWithSms(s, '380661239876');
    expect(body.ok).toBe(true);
    expect(body.ogo_customer_id).toBe(ogo.id);
    expect(body.customer).toMatchObject({ first_name: 'Тарас', email: 'taras.k@example.com', tags: ['pwa_user'] });
    expect(body.customer.shopify_id).not.toBe(ogo.id);
    expect(body.age_verified).toBe(false);
    const glo = await s.deps.db
      .selectFrom('customers')
      .select('id')
      .where('member_id', '=', id)
      .where('variant', '=', 'glo')
      .executeTakeFirstOrThrow();
    expect(body.customer.shopify_id).toBe(glo.id);
  });

  it("a code asked for an unknown phone is never sent, so confirm-sms for it is only 'Спробуй ще раз'", async () => {
    await s.post('/api/api-auth/login-sms', { phone: '380991112233' });
    expect(await s.deps.db.selectFrom('sms_codes').select('id').where('phone', '=', '380991112233').execute()).toEqual(
      [],
    );
    expect((await s.post('/api/api-auth/confirm-sms', { phone: '0991112233', code: '000000' })).body).toEqual({
      ok: false,
      message: 'Спробуй ще раз',
    });
  });
});
