import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { serverWithTwoMembers } from '../two-members';

let s: TestServer, a: TestMember, b: TestMember;
beforeAll(async () => ({ s, a, b } = await serverWithTwoMembers()));
afterAll(() => s.close());

async function eventsOf(memberId: number) {
  return s.deps.db.selectFrom('analytics_events').selectAll().where('member_id', '=', memberId).execute();
}

describe('analytics events and the Idempotency-Key over HTTP', () => {
  it('stores one event per key, however often the same request is replayed', async () => {
    const { body: tok } = await s.get('/api/analytics/get-bat-token', {}, a.token);
    const body = { event: 'page_view', token: tok.token, data: { customer_id: a.glo.id, page_url: '/shop' } };
    const key = randomUUID();
    const first = await s.call('POST', '/api/analytics/send-bat-event', { body, token: a.token, idem: key });
    const again = await s.call('POST', '/api/analytics/send-bat-event', { body, token: a.token, idem: key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await eventsOf(a.id)).toHaveLength(1);

    const other = await s.call('POST', '/api/analytics/send-bat-event', {
      body: { ...body, event: 'other' },
      token: a.token,
      idem: key,
    });
    expect(other.status).toBe(422);
    await s.call('POST', '/api/analytics/send-bat-event', { body, token: a.token, idem: randomUUID() });
    expect(await eventsOf(a.id)).toHaveLength(2);
  });

  it("refuses another member's analytics token with 401 (docs/rules.md#error-reactions)", async () => {
    const { body: tok } = await s.get('/api/analytics/get-bat-token', {}, a.token);
    const r = await s.post(
      '/api/analytics/send-bat-event',
      { event: 'x', token: tok.token, data: { customer_id: b.glo.id, page_url: '/' } },
      b.token,
    );
    expect(r.status).toBe(401);
    expect(await eventsOf(b.id)).toHaveLength(0);
  });

  it("refuses an event about another member's record", async () => {
    const { body: tok } = await s.get('/api/analytics/get-bat-token', {}, b.token);
    const r = await s.post(
      '/api/analytics/send-bat-event',
      { event: 'x', token: tok.token, data: { customer_id: a.glo.id, page_url: '/' } },
      b.token,
    );
    expect(r.status).toBe(403);
  });

  it('needs a signed-in member', async () => {
    const r = await s.get('/api/analytics/get-bat-token', {});
    expect(r.status).toBe(401);
  });
});
