import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCount } from '../../support/auth';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, TEST_PHONES, type TestServer } from '../../support/server';
import { expectBadField } from './support';

/** docs/rules.md#roles: a fixed allow-list of two phones unlocks sign-in without SMS; docs/rules.md#validation: phones are stripped to digits. */

let s: TestServer;
let other: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  other = await createMember(s, { phone: '380501239999' });
});
afterAll(() => s.close());

const testLogin = (phone: unknown) => s.post('/api/api-auth/test-login', { phone });
const [first, second] = TEST_PHONES;

describe('test-login {phone}', () => {
  it("answers an allow-listed phone without a member 'Спробуй ще раз', with no token", async () => {
    const r = await testLogin(second);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: false, message: 'Спробуй ще раз' });
  });

  it('signs in each of the two allow-listed phones without an SMS, with a new token each time', async () => {
    const m1 = await createMember(s, { phone: first, firstName: 'Олена', tags: ['pwa_user', 'age_verified'] });
    const m2 = await createMember(s, { phone: second, firstName: 'Андрій' });
    const a = await testLogin(first);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      ok: true,
      customer: { id: m1.glo.id, shopify_id: m1.glo.id, first_name: 'Олена' },
      ogo_customer_id: m1.ogo.id,
      age_verified: true,
    });
    const again = await testLogin(first);
    expect(again.body.token).not.toBe(a.body.token);
    const b = await testLogin(second);
    expect(b.body).toMatchObject({ ok: true, customer: { id: m2.glo.id }, age_verified: false });
    expect((await s.post('/api/user/get-user', { id: m2.glo.id }, b.body.token as string)).status).toBe(200);
    expect(await smsCount(s, first)).toBe(0);
    expect(await smsCount(s, second)).toBe(0);
  });

  it('strips the phone to digits first (docs/rules.md#validation): any punctuation around an allow-listed number works', async () => {
    for (const phone of ['+380 50 000 00 01', '380-50-000-00-01', '(380) 500-000-001', ' +380500000002 ']) {
      const r = await testLogin(phone);
      expect(r.status, phone).toBe(200);
      expect(r.body.ok, phone).toBe(true);
    }
  });

  it('refuses any other phone with 403, registered or not, and signs no one in', async () => {
    const sessionsBefore = await s.deps.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('member_id', '=', other.id)
      .execute();
    for (const phone of [other.phone, '380500000003', '3805000000010', '380500000001 2', '38050000000']) {
      const r = await testLogin(phone);
      expect(r.status, phone).toBe(403);
      expect(r.body.error.code, phone).toBe('not_test_phone');
      expect(r.body.token).toBeUndefined();
    }
    expect(
      await s.deps.db.selectFrom('sessions').select('token_hash').where('member_id', '=', other.id).execute(),
    ).toEqual(sessionsBefore);
  });

  it('refuses a missing, too short or non-text phone with 400 naming phone', async () => {
    for (const phone of [undefined, '', '12345', 380500000001, null])
      expectBadField(await testLogin(phone), 'phone', String(phone));
  });
});

describe('the allow-list is the configured TEST_PHONES', () => {
  it('other configured numbers work and the defaults do not', async () => {
    const t = await makeTestServer({ env: { TEST_PHONES: '+380 67 123 45 67, 380671234568' } });
    try {
      await createMember(t, { phone: '380671234567' });
      await createMember(t, { phone: first });
      expect((await t.post('/api/api-auth/test-login', { phone: '380671234567' })).body.ok).toBe(true);
      expect((await t.post('/api/api-auth/test-login', { phone: first })).status).toBe(403);
    } finally {
      await t.close();
    }
  });
});
