import { afterEach, describe, expect, it } from 'vitest';
import type { LimitedIncoming } from '../../../server/http/node-listener';
import { createMember } from '../../support/members';
import { API_KEY, makeTestServer, type TestServer } from '../../support/server';

/**
 * login-sms («registered») and check-email («free») answered any number of look-ups
 * without sign-in, so a client could walk the member list. They are limited per client address
 * like the SMS sends: LOOKUPS_PER_CLIENT_PER_HOUR / _PER_DAY, then 429 with Retry-After.
 */
let servers: TestServer[] = [];
async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const s = await makeTestServer({
    env: { LOOKUPS_PER_CLIENT_PER_HOUR: '3', LOOKUPS_PER_CLIENT_PER_DAY: '5', ...env },
  });
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer read by path; the expectations check its shape
type Answer = Record<string, any>;

async function from(s: TestServer, address: string, path: string, body: unknown, token?: string) {
  const env = { incoming: { socket: { remoteAddress: address } } as unknown as LimitedIncoming };
  const headers: Record<string, string> = { 'x-api-key': API_KEY, 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await s.app.request(path, { method: 'POST', headers, body: JSON.stringify(body) }, env);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Answer };
}

let phone = 380951000000;
const lookup = (s: TestServer, address: string) =>
  from(s, address, '/api/api-auth/login-sms', { phone: String(phone++) });

describe('look-ups without sign-in are limited per client', () => {
  it('login-sms: 3 an hour from one address, then 429 with Retry-After; another address is not held back', async () => {
    const s = await server();
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await lookup(s, '198.51.100.9'));
    expect(answers.slice(0, 3).map((a) => a.body.registered)).toEqual([false, false, false]);
    for (const a of answers.slice(3)) {
      expect(a.status).toBe(429);
      expect(a.body.error).toEqual({
        code: 'rate_limited',
        message: 'Забагато перевірок з цієї мережі. Спробуй пізніше',
      });
      expect(a.retryAfter).toBe('3600');
      expect(a.body.registered).toBeUndefined();
    }
    expect((await lookup(s, '203.0.113.4')).status).toBe(200);
    s.clock.advance(3_600_001);
    expect((await lookup(s, '198.51.100.9')).status).toBe(200);
  });

  it('check-email without sign-in shares the budget; a signed-in member checking is not counted', async () => {
    const s = await server();
    const m = await createMember(s);
    for (let i = 0; i < 5; i += 1)
      expect(
        (await from(s, '198.51.100.10', '/api/api-auth/check-email', { email: `x${i}@example.com` }, m.token)).status,
      ).toBe(200);
    await lookup(s, '198.51.100.10');
    await lookup(s, '198.51.100.10');
    expect((await from(s, '198.51.100.10', '/api/api-auth/check-email', { email: 'a@example.com' })).status).toBe(200);
    const over = await from(s, '198.51.100.10', '/api/api-auth/check-email', { email: m.glo.email });
    expect(over.status).toBe(429);
    expect(over.body.free).toBeUndefined();
  });

  it('the day’s limit holds across hours', async () => {
    const s = await server();
    for (let i = 0; i < 3; i += 1) expect((await lookup(s, '198.51.100.11')).status).toBe(200);
    s.clock.advance(3_600_001);
    expect((await lookup(s, '198.51.100.11')).status).toBe(200);
    expect((await lookup(s, '198.51.100.11')).status).toBe(200);
    const over = await lookup(s, '198.51.100.11');
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe('Забагато перевірок з цієї мережі. Спробуй завтра');
  });
});
