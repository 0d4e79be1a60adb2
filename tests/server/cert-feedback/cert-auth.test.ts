import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { serverWithTwoMembers } from '../two-members';
import { certToken, currentHour, register } from './support';

let s: TestServer, a: TestMember, b: TestMember;
beforeAll(async () => ({ s, a, b } = await serverWithTwoMembers()));
afterAll(() => s.close());

describe('cert/get-auth (docs/api.md#certificates, docs/rules.md#constants "certificate token requested with an hourly date")', () => {
  it('answers a one-hour certificate token for the current hour', async () => {
    const r = await s.post('/api/cert/get-auth', { date: currentHour(s), hourly: true }, a.token);
    expect(r.status).toBe(200);
    expect(typeof r.body.token).toBe('string');
    expect(Date.parse(r.body.expired_at) - s.clock.now().getTime()).toBe(3_600_000);
  });

  it('accepts the hour with an offset (local time of Kyiv) and the neighbouring hour', async () => {
    const kyiv = await s.post('/api/cert/get-auth', { date: '2026-11-23T12:00+02:00' }, a.token);
    expect(kyiv.status).toBe(200);
    const next = await s.post('/api/cert/get-auth', { date: '2026-11-23T11:00' }, a.token);
    expect(next.status).toBe(200);
  });

  it('refuses a date far from the server hour with 422 and issues nothing', async () => {
    const before = await s.deps.db.selectFrom('sessions').select('token_hash').where('scope', '=', 'cert').execute();
    for (const date of ['2026-11-23T07:00', '2026-11-24T10:00', '2025-11-23T10:00Z']) {
      const r = await s.post('/api/cert/get-auth', { date, hourly: true }, a.token);
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('cert_date_invalid');
    }
    const after = await s.deps.db.selectFrom('sessions').select('token_hash').where('scope', '=', 'cert').execute();
    expect(after).toHaveLength(before.length);
  });

  it('refuses a malformed date or hourly flag with 400', async () => {
    for (const body of [{}, { date: 'зараз' }, { date: '23.11.2026 10:00' }, { date: currentHour(s), hourly: 'yes' }]) {
      const r = await s.post('/api/cert/get-auth', body, a.token);
      expect(r.status).toBe(400);
    }
  });

  it('answers 401 UNAUTHORIZED_IN_APP without a live bearer (docs/rules.md#error-reactions)', async () => {
    const none = await s.post('/api/cert/get-auth', { date: currentHour(s) });
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHORIZED_IN_APP');
    const dead = await s.post('/api/cert/get-auth', { date: currentHour(s) }, 'not-a-token');
    expect(dead.body.error.code).toBe('UNAUTHORIZED_IN_APP');
  });
});

describe('cert/regist', () => {
  it('registers the member with the partner service, and again updates the same account', async () => {
    const token = await certToken(s, a);
    const first = await register(s, a, token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ registered: true });
    const again = await s.post(
      '/api/cert/regist',
      { email: 'New@Example.com', first_name: 'Оля', last_name: 'Коваль', token },
      a.token,
    );
    expect(again.body.accountId).toBe(first.body.accountId);
    expect(again.body.registered_at).toBe(first.body.registered_at);
    const rows = await s.deps.db.selectFrom('cert_accounts').selectAll().where('member_id', '=', a.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'new@example.com', first_name: 'Оля' });
  });

  it('refuses bad fields with 400 and stores nothing', async () => {
    const token = await certToken(s, b);
    for (const body of [
      { email: 'not-an-email', first_name: 'А', last_name: 'Б', token },
      { email: 'b@example.com', first_name: '', last_name: 'Б', token },
      { email: 'b@example.com', first_name: '   ', last_name: 'Б', token },
      { email: 'b@example.com', first_name: 'А'.repeat(65), last_name: 'Б', token },
      { email: 'b@example.com', first_name: 'А', last_name: 'Б' },
    ]) {
      const r = await s.post('/api/cert/regist', body, b.token);
      expect(r.status).toBe(400);
    }
    expect(
      await s.deps.db.selectFrom('cert_accounts').selectAll().where('member_id', '=', b.id).execute(),
    ).toHaveLength(0);
  });

  it('answers cert_unauthenticated for a dead, expired or foreign certificate token (docs/rules.md#error-reactions)', async () => {
    const aToken = await certToken(s, a);
    const foreign = await s.post(
      '/api/cert/regist',
      { email: 'b@example.com', first_name: 'А', last_name: 'Б', token: aToken },
      b.token,
    );
    expect(foreign.status).toBe(401);
    expect(foreign.body.error.code).toBe('cert_unauthenticated');
    const unknown = await register(s, b, 'no-such-token');
    expect(unknown.body.error.code).toBe('cert_unauthenticated');

    const bToken = await certToken(s, b);
    s.clock.advance(3_600_001);
    const expired = await register(s, b, bToken);
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('cert_unauthenticated');
    expect(
      await s.deps.db.selectFrom('cert_accounts').selectAll().where('member_id', '=', b.id).execute(),
    ).toHaveLength(0);
  });
});
