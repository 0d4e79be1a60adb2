import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, sha256 } from '../../../server/security/tokens';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { twoInstances } from '../two-instances';

/*
 * The bearer check keeps live sessions in memory (server/security/session-cache.ts), valid only
 * while the database's `sessions` revision is unchanged: a revoked token must fail on the very
 * next request, in this process and on every other instance.
 */

let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer();
});
afterAll(() => s.close());

const balance = (srv: TestServer, token: string) => srv.get('/api/get-balance', {}, token);

/** A member whose token has been used (so its session is cached) twice. */
async function warmMember(srv: TestServer): Promise<TestMember> {
  const m = await createMember(srv, { xp: 10 });
  expect((await balance(srv, m.token)).status).toBe(200);
  expect((await balance(srv, m.token)).status).toBe(200);
  return m;
}

describe('session cache of the bearer check (one instance)', () => {
  it('logout: the revoked token fails on the very next call, another token of the member still works', async () => {
    const m = await warmMember(s);
    const other = await issueToken(s.deps.db, m.id, 'user', s.clock.now());
    expect((await balance(s, other.token)).status).toBe(200);
    expect((await s.post('/api/api-auth/logout', { token: m.token }, m.token)).status).toBe(200);
    expect((await balance(s, m.token)).status).toBe(401);
    expect((await balance(s, other.token)).status).toBe(200);
  });

  it('token-clear: every token of the member fails on the next call', async () => {
    const m = await warmMember(s);
    const other = await issueToken(s.deps.db, m.id, 'user', s.clock.now());
    expect((await balance(s, other.token)).status).toBe(200);
    expect((await s.post('/api/api-auth/token-clear', {}, m.token)).status).toBe(200);
    expect((await balance(s, m.token)).status).toBe(401);
    expect((await balance(s, other.token)).status).toBe(401);
  });

  it('a revocation made straight in the database (an operator’s SQL) counts on the next call', async () => {
    const m = await warmMember(s);
    await s.deps.db
      .updateTable('sessions')
      .set({ revoked_at: s.clock.now().toISOString() })
      .where('token_hash', '=', sha256(m.token))
      .execute();
    expect((await balance(s, m.token)).status).toBe(401);
  });

  it('a deleted session or member fails on the next call', async () => {
    const m = await warmMember(s);
    await s.deps.db.deleteFrom('sessions').where('token_hash', '=', sha256(m.token)).execute();
    expect((await balance(s, m.token)).status).toBe(401);
    const n = await warmMember(s);
    await s.deps.db.deleteFrom('customers').where('member_id', '=', n.id).execute();
    await s.deps.db.deleteFrom('members').where('id', '=', n.id).execute();
    expect((await balance(s, n.token)).status).toBe(401);
  });

  it('expiry is checked on every call, cached or not', async () => {
    const m = await warmMember(s);
    const row = await s.deps.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('token_hash', '=', sha256(m.token))
      .executeTakeFirstOrThrow();
    const left = Date.parse(row.expires_at) - s.clock.now().getTime();
    s.clock.advance(left);
    expect((await balance(s, m.token)).status).toBe(401);
    s.clock.advance(-left);
    expect((await balance(s, m.token)).status).toBe(200);
  });

  it('a changed phone is seen on the next call (the member of a cached session is re-read)', async () => {
    const m = await warmMember(s);
    await s.deps.db.updateTable('members').set({ phone: '380679999001' }).where('id', '=', m.id).execute();
    // bot-stat answers 403 unless the phone sent is the member's own: the new one now.
    const r = await s.post('/api/api-auth/send-bot-stat', { phone: '+380679999001', shopifyId: m.glo.id }, m.token);
    expect(r.status).toBe(200);
  });

  it('unknown and malformed tokens are refused', async () => {
    expect((await balance(s, 'no-such-token')).status).toBe(401);
    expect((await balance(s, 'x'.repeat(201))).status).toBe(401);
  });
});

describe('session cache with two instances on one database', () => {
  it('a token revoked through one instance fails on the very next call to the other', async () => {
    const { one, two, close } = await twoInstances();
    try {
      const m = await createMember(one, { xp: 5 });
      for (const srv of [one, two, one, two]) expect((await balance(srv, m.token)).body).toEqual({ balance: 5 });
      expect((await one.post('/api/api-auth/logout', { token: m.token }, m.token)).status).toBe(200);
      expect((await balance(two, m.token)).status).toBe(401);
      expect((await balance(one, m.token)).status).toBe(401);

      const n = await createMember(one, { xp: 6 });
      for (const srv of [one, two]) expect((await balance(srv, n.token)).status).toBe(200);
      expect((await two.post('/api/api-auth/token-clear', {}, n.token)).status).toBe(200);
      expect((await balance(one, n.token)).status).toBe(401);
    } finally {
      await close();
    }
  });
});
