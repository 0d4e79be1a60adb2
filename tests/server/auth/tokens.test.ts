import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../server/security/tokens';
import { lastSmsCode, registerWithSms, signInWithSms } from '../../support/auth';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, TEST_PHONES, type TestServer } from '../../support/server';
import { openLink, tablesHolding } from './support';

/** Issue: tokens are 128+ bits of randomness, stored hashed, new at each login, with an absolute expiry. */

let s: TestServer;
let a: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s, { phone: '380501110001' });
});
afterAll(() => s.close());

const DAY = 86_400_000;

/** Bytes of randomness a base64url token carries. */
const bytesOf = (token: string) => Buffer.from(token, 'base64url').length;

describe('bearer tokens', () => {
  it('carry at least 128 random bits, and every sign-in gives a new one', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const { token } = await signInWithSms(s, a.phone, { waitForResend: true });
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(bytesOf(token) * 8).toBeGreaterThanOrEqual(128);
      tokens.add(token);
    }
    expect(tokens.size).toBe(5);
    // Earlier sign-ins stay valid (other devices) until they expire or are revoked.
    for (const token of tokens) expect((await s.post('/api/user/get-user', { id: a.glo.id }, token)).status).toBe(200);
  });

  it('the store, velo and login-link tokens carry at least 128 bits too', async () => {
    const ogo = await s.get('/api/api-auth/get-ogo-token', {}, a.token);
    const velo = await s.get('/api/velo/get-token', {}, a.token);
    const link = await s.post('/api/api-auth/mlogin-glo', {}, a.token);
    const ticket = new URL(link.body.url as string).searchParams.get('ticket') ?? '';
    for (const t of [ogo.body.token as string, velo.body.token as string, ticket])
      expect(bytesOf(t) * 8).toBeGreaterThanOrEqual(128);
  });

  it('the database never holds a raw token or login ticket, only its hash (sign-in, registration, test-login, stores, links)', async () => {
    const secrets: string[] = [];
    const signed = await signInWithSms(s, a.phone, { waitForResend: true });
    secrets.push(signed.token);
    const registered = await registerWithSms(s, { phone: '380501110002' });
    secrets.push(registered.token);
    await createMember(s, { phone: TEST_PHONES[0] });
    const test = await s.post('/api/api-auth/test-login', { phone: TEST_PHONES[0] });
    secrets.push(test.body.token as string);
    secrets.push((await s.get('/api/api-auth/get-ogo-token', {}, a.token)).body.token as string);
    secrets.push((await s.get('/api/velo/get-token', {}, a.token)).body.token as string);
    const velo = await s.get('/api/user/get-velo-user', {}, a.token);
    secrets.push(velo.body.apiToken as string);
    const link = await s.post('/api/api-auth/mlogin-glo', { return_to: '/cart' }, a.token);
    secrets.push(new URL(link.body.url as string).searchParams.get('ticket') ?? '');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(20);
      expect(await tablesHolding(s, secret), secret).toEqual([]);
    }
    const stored = await s.deps.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('token_hash', '=', sha256(signed.token))
      .executeTakeFirst();
    expect(stored).toBeDefined();
  });

  it('sign-in answers are never kept by the Idempotency-Key store (a token would sit there in clear)', async () => {
    s.clock.advance(61_000);
    await s.post('/api/api-auth/login-sms', { phone: a.phone });
    const code = await lastSmsCode(s, a.phone);
    const key = 'sign-in-key-0001';
    const first = await s.call('POST', '/api/api-auth/confirm-sms', { body: { phone: a.phone, code }, idem: key });
    expect(first.status).toBe(200);
    expect(await tablesHolding(s, first.body.token as string)).toEqual([]);
    // The same request again is a second use of the code, not a replay of the token.
    const again = await s.call('POST', '/api/api-auth/confirm-sms', { body: { phone: a.phone, code }, idem: key });
    expect(again.status).toBe(401);
    expect(again.body.token).toBeUndefined();
    const test = await s.call('POST', '/api/api-auth/test-login', {
      body: { phone: TEST_PHONES[0] },
      idem: 'sign-in-key-0002',
    });
    const test2 = await s.call('POST', '/api/api-auth/test-login', {
      body: { phone: TEST_PHONES[0] },
      idem: 'sign-in-key-0002',
    });
    expect(test2.body.token).not.toBe(test.body.token);
    expect(await tablesHolding(s, test.body.token as string)).toEqual([]);
    expect(await tablesHolding(s, test2.body.token as string)).toEqual([]);
  });

  it('expire at an absolute time: 90 days after sign-in, however often they are used', async () => {
    const { token, body } = await signInWithSms(s, a.phone, { waitForResend: true });
    const issued = s.clock.now().getTime();
    expect(Date.parse(body.expired_at)).toBe(issued + 90 * DAY);
    for (let day = 10; day <= 80; day += 10) {
      s.clock.advance(10 * DAY);
      expect((await s.post('/api/user/get-user', { id: a.glo.id }, token)).status).toBe(200);
    }
    // Use did not move the expiry: check-token still names the first one.
    const check = await s.post('/api/api-auth/check-token', {}, token);
    expect(check.body.expired_at).toBe(body.expired_at);
    s.clock.advance(issued + 90 * DAY - 1 - s.clock.now().getTime());
    expect((await s.post('/api/user/get-user', { id: a.glo.id }, token)).status).toBe(200);
    s.clock.advance(1);
    const dead = await s.post('/api/user/get-user', { id: a.glo.id }, token);
    expect(dead.status).toBe(401);
    expect(await s.post('/api/api-auth/check-token', {}, token)).toMatchObject({ status: 200, body: { code: 200 } });
    expect((await s.post('/api/api-auth/check-token', {}, token)).body.token).toBeUndefined();
  });

  it('store tokens (ogo, velo) live one day and login links five minutes', async () => {
    const fresh = await signInWithSms(s, a.phone, { waitForResend: true });
    const ogo = await s.get('/api/api-auth/get-ogo-token', {}, fresh.token);
    expect(Date.parse(ogo.body.expired_at as string) - s.clock.now().getTime()).toBe(DAY);
    const velo = await s.get('/api/velo/get-token', {}, fresh.token);
    expect(Date.parse(velo.body.expired_at as string) - s.clock.now().getTime()).toBe(DAY);
    const link = await s.post('/api/api-auth/mlogin-glo', {}, fresh.token);
    s.clock.advance(5 * 60_000);
    expect((await openLink(s, link.body.url as string)).status).toBe(410);
    s.clock.advance(DAY - 5 * 60_000);
    const late = await s.post('/api/mlogin', { ogo: true, ogoAuthApiToken: ogo.body.token }, fresh.token);
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe('ogo_unauthenticated');
  });
});
