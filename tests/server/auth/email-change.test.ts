import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSmsCode, smsCount } from '../../support/auth';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { expectBadField } from './support';

/** docs/api.md#user change-email {email, customer_id, ogoAuthApiToken} and confirm-email {code, ogoAuthApiToken}. */

let s: TestServer;
let b: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  b = await createMember(s);
});
afterAll(() => s.close());

const change = (m: TestMember, body: Record<string, unknown>) => s.post('/api/user/change-email', body, m.token);
const confirm = (m: TestMember, body: Record<string, unknown>) => s.post('/api/user/confirm-email', body, m.token);
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const emails = async (m: TestMember) => ({
  member: (await s.deps.db.selectFrom('members').select('email').where('id', '=', m.id).executeTakeFirstOrThrow())
    .email,
  records: (
    await s.deps.db.selectFrom('customers').select('email').where('member_id', '=', m.id).orderBy('id').execute()
  ).map((r) => r.email),
});

describe('change-email -> confirm-email', () => {
  it('sends a code to the member’s phone; the right code moves the member and all their records to the new address', async () => {
    const m = await createMember(s);
    const r = await change(m, { email: '  New.Address@Example.com ', customer_id: m.glo.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sent: true, resendIn: 60 });
    const sms = await s.get('/dev/sms-outbox', { phone: m.phone });
    expect(sms.body.messages[0].text).toContain('електронної пошти');
    // Nothing changes before the code.
    expect(await emails(m)).toEqual({
      member: `${m.phone}@example.com`,
      records: [`${m.phone}@example.com`, `${m.phone}@example.com`],
    });
    const done = await confirm(m, { code: await lastSmsCode(s, m.phone) });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ email: 'new.address@example.com' });
    expect(await emails(m)).toEqual({
      member: 'new.address@example.com',
      records: ['new.address@example.com', 'new.address@example.com'],
    });
    expect((await s.post('/api/api-auth/check-email', { email: 'NEW.address@example.com' })).body.free).toBe(false);
    expect((await s.post('/api/api-auth/check-email', { email: `${m.phone}@example.com` })).body.free).toBe(true);
    expect((await s.post('/api/user/get-user', { id: m.ogo.id }, m.token)).body.customer.email).toBe(
      'new.address@example.com',
    );
    // Used up: the change is done and the code cannot be used again.
    expect((await confirm(m, { code: await lastSmsCode(s, m.phone) })).status).toBe(404);
  });

  it("refuses another member's record (403) or an unknown one (404), sending nothing", async () => {
    const m = await createMember(s);
    expect((await change(m, { email: 'x1@example.com', customer_id: b.glo.id })).status).toBe(403);
    expect((await change(m, { email: 'x1@example.com', customer_id: 999_999 })).status).toBe(404);
    expect(await smsCount(s, m.phone)).toBe(0);
    expect(await smsCount(s, b.phone)).toBe(0);
  });

  it('refuses a malformed address (400), the current one (422) and one another member uses, in any case (409)', async () => {
    const m = await createMember(s);
    const bad = await change(m, { email: 'not-an-email', customer_id: m.glo.id });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_email');
    const same = await change(m, { email: `${m.phone}@EXAMPLE.com`, customer_id: m.ogo.id });
    expect(same.status).toBe(422);
    expect(same.body.error.code).toBe('email_same');
    const taken = await change(m, { email: ` ${b.phone}@Example.COM`, customer_id: m.glo.id });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('email_taken');
    expect(await smsCount(s, m.phone)).toBe(0);
  });

  it("confirm-email: a wrong code is 401 'Спробуй ще раз'; five wrong tries kill the code; it dies after 5 minutes", async () => {
    const m = await createMember(s);
    await change(m, { email: `tries.${m.phone}@example.com`, customer_id: m.glo.id });
    const code = await lastSmsCode(s, m.phone);
    for (let i = 0; i < 5; i += 1) {
      const r = await confirm(m, { code: wrongOf(code) });
      expect(r.status).toBe(401);
      expect(r.body.error.message).toBe('Спробуй ще раз');
    }
    expect((await confirm(m, { code })).status).toBe(401);
    s.clock.advance(60_000);
    await change(m, { email: `late.${m.phone}@example.com`, customer_id: m.glo.id });
    const late = await lastSmsCode(s, m.phone);
    s.clock.advance(5 * 60_000);
    expect((await confirm(m, { code: late })).status).toBe(401);
    expect((await emails(m)).member).toBe(`${m.phone}@example.com`);
  });

  it('confirm-email without a change asked for is 404', async () => {
    const m = await createMember(s);
    const r = await confirm(m, { code: '123456' });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('email_change_not_found');
  });

  it('a login code does not confirm an e-mail change, and e-mail codes have their own send limit', async () => {
    const m = await createMember(s);
    expect((await s.post('/api/api-auth/login-sms', { phone: m.phone })).status).toBe(200);
    const loginCode = await lastSmsCode(s, m.phone);
    // Right after a login code: not held back by the login resend wait.
    expect((await change(m, { email: `own.${m.phone}@example.com`, customer_id: m.glo.id })).status).toBe(200);
    const emailCode = await lastSmsCode(s, m.phone);
    if (loginCode !== emailCode) expect((await confirm(m, { code: loginCode })).status).toBe(401);
    expect((await change(m, { email: `again.${m.phone}@example.com`, customer_id: m.glo.id })).status).toBe(429);
    expect((await confirm(m, { code: emailCode })).body).toEqual({ email: `own.${m.phone}@example.com` });
    // The email code did not use up the login code.
    expect((await s.post('/api/api-auth/confirm-sms', { phone: m.phone, code: loginCode })).status).toBe(200);
  });

  it('an address taken between change and confirm is 409 at confirm, and nothing changes', async () => {
    const m = await createMember(s);
    const rival = await createMember(s);
    const email = `contested.${m.phone}@example.com`;
    await change(m, { email, customer_id: m.glo.id });
    await change(rival, { email: email.toUpperCase(), customer_id: rival.glo.id });
    expect((await confirm(rival, { code: await lastSmsCode(s, rival.phone) })).status).toBe(200);
    const late = await confirm(m, { code: await lastSmsCode(s, m.phone) });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('email_taken');
    expect((await emails(m)).member).toBe(`${m.phone}@example.com`);
  });

  it('an ogoAuthApiToken, when sent, must be a live ogo token of the caller', async () => {
    const m = await createMember(s);
    const own = (await s.get('/api/api-auth/get-ogo-token', {}, m.token)).body.token as string;
    const foreign = (await s.get('/api/api-auth/get-ogo-token', {}, b.token)).body.token as string;
    const theirs = await change(m, {
      email: `ogo.${m.phone}@example.com`,
      customer_id: m.ogo.id,
      ogoAuthApiToken: foreign,
    });
    expect(theirs.status).toBe(403);
    const dead = await change(m, {
      email: `ogo.${m.phone}@example.com`,
      customer_id: m.ogo.id,
      ogoAuthApiToken: 'dead-token',
    });
    expect(dead.status).toBe(401);
    expect(dead.body.error.code).toBe('ogo_unauthenticated');
    // A user token is not an ogo token.
    expect(
      (await change(m, { email: `ogo.${m.phone}@example.com`, customer_id: m.ogo.id, ogoAuthApiToken: m.token }))
        .status,
    ).toBe(401);
    expect(await smsCount(s, m.phone)).toBe(0);
    expect(
      (await change(m, { email: `ogo.${m.phone}@example.com`, customer_id: m.ogo.id, ogoAuthApiToken: own })).status,
    ).toBe(200);
    const code = await lastSmsCode(s, m.phone);
    expect((await confirm(m, { code, ogoAuthApiToken: foreign })).status).toBe(403);
    expect((await confirm(m, { code, ogoAuthApiToken: own })).body).toEqual({ email: `ogo.${m.phone}@example.com` });
  });

  it('refuses bad fields with 400 naming the field', async () => {
    const m = await createMember(s);
    const cases: Array<
      [(x: TestMember, body: Record<string, unknown>) => ReturnType<typeof change>, Record<string, unknown>, string]
    > = [
      [change, { customer_id: m.glo.id }, 'email'],
      [change, { email: 'ab', customer_id: m.glo.id }, 'email'],
      [change, { email: 'a@example.com' }, 'customer_id'],
      [change, { email: 'a@example.com', customer_id: '1' }, 'customer_id'],
      [change, { email: 'a@example.com', customer_id: m.glo.id, ogoAuthApiToken: 5 }, 'ogoAuthApiToken'],
      [confirm, {}, 'code'],
      [confirm, { code: '12345' }, 'code'],
      [confirm, { code: '1234567' }, 'code'],
      [confirm, { code: 123456 }, 'code'],
    ];
    for (const [fn, body, name] of cases) expectBadField(await fn(m, body), name, JSON.stringify(body));
  });
});
