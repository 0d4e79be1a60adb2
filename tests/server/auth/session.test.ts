import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../server/security/tokens';
import { signInWithSms } from '../../support/auth';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { serverWithTwoMembers } from '../two-members';
import { openLink } from './support';

let s: TestServer, a: TestMember, b: TestMember;
beforeAll(async () => ({ s, a, b } = await serverWithTwoMembers()));
afterAll(() => s.close());

const checkToken = (body: Record<string, unknown>, token?: string) => s.post('/api/api-auth/check-token', body, token);
const alive = async (token: string) => (await s.post('/api/user/get-user', { id: a.glo.id }, token)).status === 200;

describe('check-token {gloShopId, ogoShopId} (docs/rules.md#states: code 200 without a token logs the app out)', () => {
  it('answers a live bearer with itself and its expiry, with or without the shop ids', async () => {
    const row = await s.deps.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('token_hash', '=', sha256(a.token))
      .executeTakeFirstOrThrow();
    for (const body of [
      {},
      { gloShopId: a.glo.id },
      { ogoShopId: a.ogo.id },
      { gloShopId: a.glo.id, ogoShopId: a.ogo.id },
      { gloShopId: null, ogoShopId: null },
    ]) {
      const r = await checkToken(body, a.token);
      expect(r.status, JSON.stringify(body)).toBe(200);
      expect(r.body, JSON.stringify(body)).toEqual({ code: 200, token: a.token, expired_at: row.expires_at });
    }
  });

  it('answers 200 without a token when there is no bearer or it is unknown, revoked or expired', async () => {
    expect(await checkToken({})).toMatchObject({ status: 200, body: { code: 200 } });
    expect((await checkToken({})).body).toEqual({ code: 200 });
    expect((await checkToken({}, 'no-such-token')).body).toEqual({ code: 200 });
    const gone = await createMember(s);
    await s.post('/api/api-auth/logout', { token: gone.token }, gone.token);
    expect((await checkToken({ gloShopId: gone.glo.id }, gone.token)).body).toEqual({ code: 200 });
    const later = await createMember(s);
    s.clock.advance(90 * 86_400_000);
    expect((await checkToken({ gloShopId: later.glo.id }, later.token)).body).toEqual({ code: 200 });
    s.clock.advance(-90 * 86_400_000);
    expect((await checkToken({ gloShopId: later.glo.id }, later.token)).body.token).toBe(later.token);
  });

  it('answers without a token when a shop id is not the member’s own record of that variant', async () => {
    for (const body of [
      { gloShopId: b.glo.id },
      { ogoShopId: b.ogo.id },
      { gloShopId: a.glo.id, ogoShopId: b.ogo.id },
      { gloShopId: 999_999 },
      // Swapped: the ogo record named as the glo one.
      { gloShopId: a.ogo.id, ogoShopId: a.glo.id },
    ]) {
      const r = await checkToken(body, a.token);
      expect(r.status, JSON.stringify(body)).toBe(200);
      expect(r.body, JSON.stringify(body)).toEqual({ code: 200 });
    }
  });

  it('a store token (ogo, velo) is not a bearer: no token', async () => {
    const ogo = await s.get('/api/api-auth/get-ogo-token', {}, a.token);
    expect((await checkToken({}, ogo.body.token as string)).body).toEqual({ code: 200 });
  });

  it('changes nothing: the token stays live after any number of checks', async () => {
    for (let i = 0; i < 3; i += 1) await checkToken({ gloShopId: b.glo.id }, a.token);
    expect(await alive(a.token)).toBe(true);
  });
});

describe('logout {token} (docs/rules.md#states Logout: optionally informs the server)', () => {
  it('revokes the token: later calls with it are 401, check-token answers no token, other sessions live on', async () => {
    const phone = a.phone;
    const one = await signInWithSms(s, phone, { waitForResend: true });
    const two = await signInWithSms(s, phone, { waitForResend: true });
    const r = await s.post('/api/api-auth/logout', { token: one.token }, one.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    expect((await s.post('/api/user/get-user', { id: a.glo.id }, one.token)).status).toBe(401);
    expect((await s.post('/api/user/get-metafields', { id: a.glo.id }, one.token)).body.error.code).toBe(
      'UNAUTHORIZED_IN_APP',
    );
    expect(
      (await s.post('/api/cert/get-auth', { date: '2026-11-23T10:00', hourly: true }, one.token)).body.error.code,
    ).toBe('UNAUTHORIZED_IN_APP');
    expect((await checkToken({}, one.token)).body).toEqual({ code: 200 });
    expect((await s.post('/api/api-auth/logout', { token: one.token }, one.token)).status).toBe(401);
    expect(await alive(two.token)).toBe(true);
    const row = await s.deps.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('token_hash', '=', sha256(one.token))
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBe(s.clock.now().toISOString());
  });

  it('may revoke another token of the same member (a store token or another device)', async () => {
    const other = await signInWithSms(s, a.phone, { waitForResend: true });
    const ogo = await s.get('/api/api-auth/get-ogo-token', {}, a.token);
    expect((await s.post('/api/api-auth/logout', { token: ogo.body.token }, a.token)).status).toBe(200);
    const link = await s.post('/api/mlogin', { ogo: true, ogoAuthApiToken: ogo.body.token }, a.token);
    expect(link.status).toBe(401);
    expect((await s.post('/api/api-auth/logout', { token: other.token }, a.token)).status).toBe(200);
    expect(await alive(other.token)).toBe(false);
    expect(await alive(a.token)).toBe(true);
  });

  it("refuses another member's token with 403 and an unknown one with 404, revoking nothing", async () => {
    const foreign = await s.post('/api/api-auth/logout', { token: b.token }, a.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('not_owner');
    expect((await s.post('/api/user/get-user', { id: b.glo.id }, b.token)).status).toBe(200);
    const unknown = await s.post('/api/api-auth/logout', { token: 'no-such-token' }, a.token);
    expect(unknown.status).toBe(404);
    expect(await alive(a.token)).toBe(true);
  });

  it('refuses a missing or empty token with 400 naming it', async () => {
    for (const body of [{}, { token: '' }, { token: 7 }]) {
      const r = await s.post('/api/api-auth/logout', body, a.token);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toContain('«token»');
    }
  });
});

describe('token-clear (all tokens of the member, all scopes, all devices)', () => {
  it('revokes every live token of the member and no one else’s, and the unused login links', async () => {
    const m = await createMember(s);
    const second = await signInWithSms(s, m.phone);
    const ogo = await s.get('/api/api-auth/get-ogo-token', {}, m.token);
    const velo = await s.get('/api/velo/get-token', {}, m.token);
    const cert = await s.post('/api/cert/get-auth', { date: '2026-11-23T10:00', hourly: true }, m.token);
    expect(cert.status).toBe(200);
    const link = await s.post('/api/api-auth/mlogin-glo', { return_to: '/' }, m.token);
    const r = await s.post('/api/api-auth/token-clear', {}, second.token);
    expect(r.status).toBe(200);
    // user x2, ogo, velo, cert.
    expect(r.body).toEqual({ ok: true, revoked: 5 });
    for (const t of [m.token, second.token])
      expect((await s.post('/api/user/get-user', { id: m.glo.id }, t)).status).toBe(401);
    const live = await s.deps.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('member_id', '=', m.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    for (const t of [ogo.body.token as string, velo.body.token as string]) {
      const row = await s.deps.db
        .selectFrom('sessions')
        .select('revoked_at')
        .where('token_hash', '=', sha256(t))
        .executeTakeFirstOrThrow();
      expect(row.revoked_at).toBe(s.clock.now().toISOString());
    }
    expect((await openLink(s, link.body.url as string)).status).toBe(410);
    expect(await alive(a.token)).toBe(true);
    expect((await s.post('/api/user/get-user', { id: b.glo.id }, b.token)).status).toBe(200);
  });

  it('after it, the next call is 401 and a new sign-in works', async () => {
    const m = await createMember(s);
    await s.post('/api/api-auth/token-clear', {}, m.token);
    expect((await s.post('/api/api-auth/token-clear', {}, m.token)).status).toBe(401);
    const again = await signInWithSms(s, m.phone);
    expect((await s.post('/api/user/get-user', { id: m.glo.id }, again.token)).status).toBe(200);
  });
});
