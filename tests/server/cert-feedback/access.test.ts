import { describe, expect, it } from 'vitest';
import { certCalls } from '../../../src/contract/cert';
import { feedbackCalls } from '../../../src/contract/feedback';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { withServerAndMember } from '../../support/server-member';

let s: TestServer;
let m: TestMember;
withServerAndMember((x) => ({ s, m } = x));

describe('every certificate call needs a live bearer (docs/rules.md#error-reactions UNAUTHORIZED_IN_APP)', () => {
  for (const [name, call] of Object.entries(certCalls)) {
    it(`${call.path} (${name}) answers 401 UNAUTHORIZED_IN_APP without, with a dead or a revoked bearer`, async () => {
      expect(call.auth).toBe('member');
      expect(call.unauthenticatedCode).toBe('UNAUTHORIZED_IN_APP');
      const none = await s.post(call.path, { token: 'x', code: '1234' });
      expect(none.status).toBe(401);
      expect(none.body.error.code).toBe('UNAUTHORIZED_IN_APP');
      const dead = await s.post(call.path, { token: 'x', code: '1234' }, 'no-such-session');
      expect(dead.body.error.code).toBe('UNAUTHORIZED_IN_APP');
      // A session that ended (logout) is as dead as an unknown one.
      const gone = await createMember(s);
      await s.deps.db
        .updateTable('sessions')
        .set({ revoked_at: s.clock.now().toISOString() })
        .where('member_id', '=', gone.id)
        .execute();
      const revoked = await s.post(call.path, { token: 'x', code: '1234' }, gone.token);
      expect(revoked.body.error.code).toBe('UNAUTHORIZED_IN_APP');
    });
  }
});

describe('every feedback call needs a signed-in member and the member’s own feedback token', () => {
  for (const [name, call] of Object.entries(feedbackCalls)) {
    it(`${call.path} (${name}) answers 401 without a bearer`, async () => {
      const r = call.method === 'GET' ? await s.get(call.path, { token: 'x', id: '1' }) : await s.post(call.path, {});
      expect(r.status).toBe(401);
    });
  }

  it('refuses a feedback token of another scope (a certificate token) with feedback_unauthenticated', async () => {
    const cert = await s.post(
      '/api/cert/get-auth',
      { date: `${s.clock.now().toISOString().slice(0, 13)}:00` },
      m.token,
    );
    const r = await s.post('/api/feedback/get-offline-orders', { token: cert.body.token }, m.token);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('feedback_unauthenticated');
  });
});
