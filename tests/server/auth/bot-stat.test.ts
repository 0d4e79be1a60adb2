import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { expectBadField } from './support';

/** docs/api.md#auth send-bot-stat {phone, shopifyId}: the member came from the chat bot. */

let s: TestServer;
let a: TestMember;
let b: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s, { phone: '380501116601' });
  b = await createMember(s, { phone: '380501116602' });
});
afterAll(() => s.close());

const send = (m: TestMember, body: Record<string, unknown>, idem?: string) =>
  s.call('POST', '/api/api-auth/send-bot-stat', { body, token: m.token, idem });
const events = (memberId: number) =>
  s.deps.db
    .selectFrom('analytics_events')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('kind', '=', 'bot-stat')
    .orderBy('id')
    .execute();

describe('send-bot-stat', () => {
  it('records a bot-stat event for the own phone and record, per variant', async () => {
    const r = await send(a, { phone: a.phone, shopifyId: a.glo.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, id: expect.any(Number) });
    const ogo = await send(a, { phone: '+38 (050) 111-66-01', shopifyId: a.ogo.id });
    expect(ogo.status).toBe(200);
    const local = await send(a, { phone: '050 111 66 01', shopifyId: a.glo.id });
    expect(local.status).toBe(200);
    const rows = await events(a.id);
    expect(rows.map((e) => e.id)).toEqual([r.body.id, ogo.body.id, local.body.id]);
    expect(rows.map((e) => JSON.parse(e.payload))).toEqual([
      { phone: a.phone, shopifyId: a.glo.id, variant: 'glo' },
      { phone: a.phone, shopifyId: a.ogo.id, variant: 'ogo' },
      { phone: a.phone, shopifyId: a.glo.id, variant: 'glo' },
    ]);
    expect(rows[0]).toMatchObject({ event: 'bot-stat', created_at: s.clock.now().toISOString() });
  });

  it("refuses another member's phone or record (403) and an unknown record (404), recording nothing", async () => {
    const before = (await events(a.id)).length;
    const phone = await send(a, { phone: b.phone, shopifyId: a.glo.id });
    expect(phone.status).toBe(403);
    expect(phone.body.error.code).toBe('not_owner');
    const record = await send(a, { phone: a.phone, shopifyId: b.glo.id });
    expect(record.status).toBe(403);
    expect((await send(a, { phone: a.phone, shopifyId: 999_999 })).status).toBe(404);
    expect(await events(a.id)).toHaveLength(before);
    expect(await events(b.id)).toHaveLength(0);
  });

  it('with an Idempotency-Key a repeat records nothing more', async () => {
    const m = await createMember(s);
    const one = await send(m, { phone: m.phone, shopifyId: m.glo.id }, 'bot-stat-key-1');
    const two = await send(m, { phone: m.phone, shopifyId: m.glo.id }, 'bot-stat-key-1');
    expect(two.body).toEqual(one.body);
    expect(await events(m.id)).toHaveLength(1);
  });

  it('refuses bad fields with 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ shopifyId: a.glo.id }, 'phone'],
      [{ phone: '123', shopifyId: a.glo.id }, 'phone'],
      [{ phone: 380501116601, shopifyId: a.glo.id }, 'phone'],
      [{ phone: a.phone }, 'shopifyId'],
      [{ phone: a.phone, shopifyId: 0 }, 'shopifyId'],
      [{ phone: a.phone, shopifyId: 'abc' }, 'shopifyId'],
    ];
    for (const [body, field] of cases) expectBadField(await send(a, body), field, JSON.stringify(body));
  });
});
