import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSmsCode, registerWithSms, smsCount } from '../../support/auth';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { expectBadField } from './support';

let s: TestServer;
let existing: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  existing = await createMember(s, { phone: '380501230000' });
  await s.deps.db.updateTable('members').set({ mgm_code: 'REW-ANNA42' }).where('id', '=', existing.id).execute();
});
afterAll(() => s.close());

let nextPhone = 380_931_000_001;
const newPhone = () => String(nextPhone++);

const form = (phone: string, over: Record<string, unknown> = {}) => ({
  first_name: 'Мар’яна',
  last_name: 'Іваненко-Коваль',
  email: `reg.${phone}@example.com`,
  phone,
  birth_date: '1995-06-01',
  ...over,
});
const register = (body: Record<string, unknown>) => s.post('/api/api-auth/registration', body);
const regAuth = (phone: string, code: string) => s.post('/api/api-auth/reg-auth', { phone, code });
const memberRow = (phone: string) =>
  s.deps.db.selectFrom('members').selectAll().where('phone', '=', phone).executeTakeFirst();

describe('registration -> reg-auth (code from the dev SMS outbox)', () => {
  it('keeps the form, sends a 6-digit code, and reg-auth creates the member and the glo record and signs in', async () => {
    const phone = newPhone();
    const r = await register(
      form(`+38 (0${phone.slice(3, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`, {
        email: ` Reg.${phone}@Example.COM `,
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sent: true, resendIn: 60 });
    const out = await s.get('/dev/sms-outbox', { phone });
    expect(out.body.messages).toHaveLength(1);
    expect(out.body.messages[0].text).toContain('реєстрації');
    const code = await lastSmsCode(s, phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(await memberRow(phone)).toBeUndefined();

    const signed = await regAuth(phone, code);
    expect(signed.status).toBe(200);
    const m = await memberRow(phone);
    expect(m).toMatchObject({
      first_name: 'Мар’яна',
      last_name: 'Іваненко-Коваль',
      email: `reg.${phone}@example.com`,
      birth_date: '1995-06-01',
      referred_by: null,
    });
    expect(signed.body).toMatchObject({
      ok: true,
      customer: {
        first_name: 'Мар’яна',
        email: `reg.${phone}@example.com`,
        phone,
        tags: ['pwa_user'],
        orders_count: 0,
        total_spent: 0,
      },
      ogo_customer_id: null,
      age_verified: false,
      tags: ['pwa_user'],
    });
    expect(signed.body.customer.shopify_id).toBe(signed.body.customer.id);
    const records = await s.deps.db
      .selectFrom('customers')
      .select(['id', 'variant'])
      .where('member_id', '=', m?.id ?? -1)
      .execute();
    expect(records).toEqual([{ id: signed.body.customer.id, variant: 'glo' }]);
    expect((await s.post('/api/user/get-user', { id: signed.body.customer.id }, signed.body.token)).status).toBe(200);
    expect(
      await s.deps.db.selectFrom('pending_registrations').select('phone').where('phone', '=', phone).executeTakeFirst(),
    ).toBeUndefined();
    // Now a member: login-sms knows the phone.
    s.clock.advance(61_000);
    expect((await s.post('/api/api-auth/login-sms', { phone })).body.registered).toBe(true);
  });

  it('accepts a confirmation of being an adult instead of a birth date', async () => {
    const phone = newPhone();
    const { body } = await registerWithSms(s, { phone, birth_date: null, adult_confirmed: true });
    expect(body.ok).toBe(true);
    expect(await memberRow(phone)).toMatchObject({ birth_date: null, adult_confirmed: 1 });
  });

  it('is for adults only: under 18 is 422 and nothing is sent; exactly 18 today is accepted', async () => {
    // The test clock stands at 2026-11-23.
    const young = newPhone();
    const r = await register(form(young, { birth_date: '2008-11-24' }));
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('underage');
    expect(await smsCount(s, young)).toBe(0);
    const adult = newPhone();
    expect((await register(form(adult, { birth_date: '2008-11-23' }))).status).toBe(200);
    const noDate = newPhone();
    expectBadField(await register(form(noDate, { birth_date: null, adult_confirmed: false })), 'adult_confirmed');
    expectBadField(await register(form(noDate, { birth_date: undefined })), 'adult_confirmed');
    expect(await smsCount(s, noDate)).toBe(0);
  });

  it('refuses bad fields with 400 naming the field and sends nothing', async () => {
    const phone = newPhone();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ first_name: '' }, 'first_name'],
      [{ first_name: 'Анна3' }, 'first_name'],
      [{ first_name: 'А'.repeat(51) }, 'first_name'],
      [{ last_name: '<b>' }, 'last_name'],
      [{ last_name: undefined }, 'last_name'],
      [{ email: 'nope' }, 'email'],
      [{ email: 'a@b' }, 'email'],
      [{ email: 'a b@example.com' }, 'email'],
      [{ phone: '12345' }, 'phone'],
      [{ phone: '+44 20 7946 0958' }, 'phone'],
      [{ birth_date: '1995-13-01' }, 'birth_date'],
      [{ birth_date: '01.06.1995' }, 'birth_date'],
      [{ birth_date: '1995-02-30' }, 'birth_date'],
      [{ birth_date: '1880-01-01' }, 'birth_date'],
      [{ birth_date: '2030-01-01' }, 'birth_date'],
      [{ adult_confirmed: 'yes', birth_date: null }, 'adult_confirmed'],
      [{ referrer: 'R'.repeat(33) }, 'referrer'],
    ];
    for (const [over, field] of cases) expectBadField(await register(form(phone, over)), field, JSON.stringify(over));
    expect(await smsCount(s, phone)).toBe(0);
  });

  it('refuses a phone already registered (409) and an e-mail another member uses, in any case (409)', async () => {
    const taken = await register(form(existing.phone));
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('phone_registered');
    expect(await smsCount(s, existing.phone)).toBe(0);
    const phone = newPhone();
    const email = await register(form(phone, { email: `  ${existing.phone}@EXAMPLE.com` }));
    expect(email.status).toBe(409);
    expect(email.body.error.code).toBe('email_taken');
    expect(await smsCount(s, phone)).toBe(0);
  });

  it("reg-auth: a wrong code is 401 'Спробуй ще раз', the code works once and dies after 5 minutes", async () => {
    const phone = newPhone();
    await register(form(phone));
    const code = await lastSmsCode(s, phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await regAuth(phone, wrong);
    expect(bad.status).toBe(401);
    expect(bad.body.error.message).toBe('Спробуй ще раз');
    expect(await memberRow(phone)).toBeUndefined();
    expect((await regAuth(phone, code)).status).toBe(200);
    const again = await regAuth(phone, code);
    expect(again.status).toBe(401);

    const late = newPhone();
    await register(form(late));
    const lateCode = await lastSmsCode(s, late);
    s.clock.advance(5 * 60_000);
    expect((await regAuth(late, lateCode)).status).toBe(401);
    expect(await memberRow(late)).toBeUndefined();
  });

  it('reg-auth without a registration, or with a login code, is 401', async () => {
    expect((await regAuth(newPhone(), '123456')).status).toBe(401);
    s.clock.advance(61_000);
    await s.post('/api/api-auth/login-sms', { phone: existing.phone });
    const loginCode = await lastSmsCode(s, existing.phone);
    const r = await regAuth(existing.phone, loginCode);
    expect(r.status).toBe(401);
    // The login code is still good for its own purpose.
    expect((await s.post('/api/api-auth/confirm-sms', { phone: existing.phone, code: loginCode })).status).toBe(200);
  });

  it('a new registration of the same phone replaces the form after the resend wait; only the newest code works', async () => {
    const phone = newPhone();
    await register(form(phone, { first_name: 'Перша' }));
    const first = await lastSmsCode(s, phone);
    const soon = await register(form(phone, { first_name: 'Друга' }));
    expect(soon.status).toBe(429);
    s.clock.advance(60_000);
    expect((await register(form(phone, { first_name: 'Третя' }))).status).toBe(200);
    const newest = await lastSmsCode(s, phone);
    if (newest !== first) expect((await regAuth(phone, first)).status).toBe(401);
    const r = await regAuth(phone, newest);
    expect(r.status).toBe(200);
    expect(r.body.customer.first_name).toBe('Третя');
  });

  it('an e-mail taken between registration and reg-auth is 409 at reg-auth; no member is made', async () => {
    const one = newPhone();
    const two = newPhone();
    const email = `race.${one}@example.com`;
    await register(form(one, { email }));
    await register(form(two, { email: email.toUpperCase() }));
    const codeOne = await lastSmsCode(s, one);
    const codeTwo = await lastSmsCode(s, two);
    expect((await regAuth(two, codeTwo)).status).toBe(200);
    const late = await regAuth(one, codeOne);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('email_taken');
    expect(await memberRow(one)).toBeUndefined();
  });

  it('concurrent reg-auth with the right code: one member, one success', async () => {
    const phone = newPhone();
    await register(form(phone));
    const code = await lastSmsCode(s, phone);
    const answers = await Promise.all(Array.from({ length: 4 }, () => regAuth(phone, code)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of answers) expect(r.status).toBeLessThan(500);
    expect(await s.deps.db.selectFrom('members').select('id').where('phone', '=', phone).execute()).toHaveLength(1);
  });

  it('an invite code (REW-, any case) links the new member to the inviter; a foreign or malformed one is ignored', async () => {
    const invited = newPhone();
    await registerWithSms(s, { phone: invited, referrer: ' rew-anna42 ' });
    expect((await memberRow(invited))?.referred_by).toBe(existing.id);
    for (const referrer of ['REW-NOBODY', 'ANNA42', 'REW-']) {
      const phone = newPhone();
      await registerWithSms(s, { phone, referrer });
      expect((await memberRow(phone))?.referred_by, referrer).toBeNull();
    }
    const list = await s.get('/api/user/get-referrals', {}, existing.token);
    expect(list.body.count).toBe(1);
  });
});
