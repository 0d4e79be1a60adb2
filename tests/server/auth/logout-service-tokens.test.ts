import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenScope } from '../../../server/db/tables/core';
import { memberForToken } from '../../../server/security/tokens';
import { signInWithSms } from '../../support/auth';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';

/**
 * service tokens (ogo, velo, analytics, feedback, ipost, cert) asked for under a session
 * kept working after a plain logout, into the next session. Logout now revokes them with it;
 * those of the member's other sessions live on.
 */
let s: TestServer;
let a: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s);
});
afterAll(() => s.close());

async function serviceTokens(token: string): Promise<Array<[TokenScope, string]>> {
  const ogo = await s.get('/api/api-auth/get-ogo-token', {}, token);
  const velo = await s.get('/api/velo/get-token', {}, token);
  const bat = await s.get('/api/analytics/get-bat-token', {}, token);
  const feedback = await s.get('/api/feedback/get-auth', {}, token);
  const ipost = await s.post('/api/ipost/auth', {}, token);
  const cert = await s.post('/api/cert/get-auth', { date: s.clock.now().toISOString(), hourly: false }, token);
  for (const r of [ogo, velo, bat, feedback, ipost, cert]) expect(r.status, JSON.stringify(r.body)).toBe(200);
  return [
    ['ogo', ogo.body.token],
    ['velo', velo.body.token],
    ['bat', bat.body.token],
    ['feedback', feedback.body.token],
    ['ipost', ipost.body.token],
    ['cert', cert.body.token],
  ];
}
const live = (scope: TokenScope, token: string) => memberForToken(s.deps.db, token, scope, s.clock.now());

describe('logout revokes the service tokens of its session', () => {
  it('ends every service token asked for under the session logged out, and none of another session', async () => {
    const one = await signInWithSms(s, a.phone, { waitForResend: true });
    const two = await signInWithSms(s, a.phone, { waitForResend: true });
    const ofOne = await serviceTokens(one.token);
    const ofTwo = await serviceTokens(two.token);
    for (const [scope, token] of ofOne) expect(await live(scope, token), scope).toBe(a.id);

    expect((await s.post('/api/api-auth/logout', { token: one.token }, one.token)).status).toBe(200);
    for (const [scope, token] of ofOne) expect(await live(scope, token), scope).toBeNull();
    for (const [scope, token] of ofTwo) expect(await live(scope, token), scope).toBe(a.id);
    // Used as the next session would: the old ogo token no longer opens the store.
    const next = await signInWithSms(s, a.phone, { waitForResend: true });
    const link = await s.post('/api/mlogin', { ogo: true, ogoAuthApiToken: ofOne[0]![1] }, next.token);
    expect(link.status).toBe(401);
    expect((await s.post('/api/mlogin', { ogo: true, ogoAuthApiToken: ofTwo[0]![1] }, next.token)).status).toBe(200);
  });
});
