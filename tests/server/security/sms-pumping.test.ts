import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import type { LimitedIncoming } from '../../../server/http/node-listener';
import { addressKey } from '../../../server/security/client-address';
import { createMember } from '../../support/members';
import { API_KEY, makeTestServer, type TestServer } from '../../support/server';
import { serveOverHttp } from './support';

/*
 * SMS pumping. Limits existed per phone only: 40 registrations with 40
 * random numbers from one client sent 40 SMS in 3.8 s. Now a client address may make the server
 * send SMS_PER_CLIENT_PER_HOUR and SMS_PER_CLIENT_PER_DAY codes, and the whole server sends at
 * most SMS_PER_HOUR an hour (server/security/sms-budget.ts); past them, 429 with Retry-After.
 * The limits are set low here; their defaults leave a normal test run alone.
 */

const LOW = { SMS_PER_CLIENT_PER_HOUR: '5', SMS_PER_CLIENT_PER_DAY: '8', SMS_PER_HOUR: '12' };

let servers: TestServer[] = [];
async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const s = await makeTestServer({ env: { ...LOW, ...env } });
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

let nextPhone = 380931000000;
const randomPhone = () => String(nextPhone++);

/** A call from `address` (the connection's peer, as the Node listener gives it to the app). */
async function from(s: TestServer, address: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const env = { incoming: { socket: { remoteAddress: address } } as unknown as LimitedIncoming };
  const res = await s.app.request(
    path,
    {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
    env,
  );
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { error?: { code: string; message: string } },
  };
}

const register = (s: TestServer, address: string, phone = randomPhone(), headers: Record<string, string> = {}) =>
  from(
    s,
    address,
    '/api/api-auth/registration',
    { first_name: 'Нова', last_name: 'Учасниця', email: `${phone}@example.com`, phone, adult_confirmed: true },
    headers,
  );

const count = async (s: TestServer, table: 'sms_outbox' | 'sms_codes' | 'pending_registrations') =>
  Number(
    (
      await s.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('SMS pumping: limits per client address and an hourly budget', () => {
  it('40 registrations with 40 random numbers from one client send 5 SMS; the other 35 get 429 with Retry-After', async () => {
    const s = await server();
    const answers = [];
    for (let i = 0; i < 40; i += 1) answers.push(await register(s, '198.51.100.7'));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers.slice(5)) {
      expect(a.status).toBe(429);
      expect(a.body.error).toEqual({
        code: 'rate_limited',
        message: 'Забагато запитів SMS з цієї мережі. Спробуй пізніше',
      });
      // All at one instant: the first of the five leaves the hour's window in an hour.
      expect(a.retryAfter).toBe('3600');
    }
    expect(await count(s, 'sms_outbox')).toBe(5);
    // A refused registration leaves nothing behind: no code, no pending registration.
    expect(await count(s, 'sms_codes')).toBe(5);
    expect(await count(s, 'pending_registrations')).toBe(5);
  });

  it('another client is not held back; the first one sends again once its sends leave the hour', async () => {
    const s = await server();
    for (let i = 0; i < 5; i += 1) {
      expect((await register(s, '198.51.100.7')).status).toBe(200);
      s.clock.advance(60_000);
    }
    const refused = await register(s, '198.51.100.7');
    expect(refused.status).toBe(429);
    // The first send was 5 minutes ago: it leaves the window in 55 minutes.
    expect(refused.retryAfter).toBe(String(3600 - 5 * 60));
    expect((await register(s, '198.51.100.8')).status).toBe(200);
    s.clock.advance((3600 - 5 * 60) * 1000);
    expect((await register(s, '198.51.100.7')).status).toBe(200);
  });

  it('a client gets at most SMS_PER_CLIENT_PER_DAY in 24 hours, hour after hour', async () => {
    const s = await server();
    for (let i = 0; i < 5; i += 1) expect((await register(s, '203.0.113.9')).status).toBe(200);
    s.clock.advance(3_600_000);
    for (let i = 0; i < 3; i += 1) expect((await register(s, '203.0.113.9')).status).toBe(200);
    const refused = await register(s, '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBe('Забагато запитів SMS з цієї мережі. Спробуй завтра');
    expect(refused.retryAfter).toBe(String(23 * 3600));
  });

  it('the whole server sends at most SMS_PER_HOUR, whoever asks; past it every client waits', async () => {
    const s = await server();
    for (let i = 0; i < 12; i += 1) {
      expect((await register(s, `192.0.2.${i + 1}`)).status).toBe(200);
      s.clock.advance(10_000);
    }
    const refused = await register(s, '192.0.2.200');
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBe('Надсилання SMS тимчасово призупинено. Спробуй пізніше');
    expect(refused.retryAfter).toBe(String(3600 - 120));
    expect(await count(s, 'sms_outbox')).toBe(12);
  });

  it('login codes count too: a client signing many members in is held at the same limit', async () => {
    const s = await server();
    const members = await Promise.all(Array.from({ length: 7 }, () => createMember(s)));
    const statuses = [];
    for (const m of members)
      statuses.push((await from(s, '198.51.100.20', '/api/api-auth/login-sms', { phone: m.phone })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('the SMS sandbox’s view counts the sends of the hour, the busiest clients and the refusals', async () => {
    const s = await server();
    for (let i = 0; i < 7; i += 1) await register(s, '198.51.100.7');
    await register(s, '198.51.100.8');
    const view = await s.get('/dev/sms-outbox');
    expect(view.status).toBe(200);
    expect(view.body.limits).toEqual({
      lastHour: { sent: 6, budget: 12 },
      perClient: {
        perHour: 5,
        perDay: 8,
        busiest: [
          { client: '198.51.100.7', lastHour: 5 },
          { client: '198.51.100.8', lastHour: 1 },
        ],
      },
      refusedSinceStart: { client: 2, global: 0 },
    });
  });

  it('X-Forwarded-For is not believed unless the connection comes from one of TRUSTED_PROXIES', async () => {
    const direct = await server();
    const spoofed = [];
    for (let i = 0; i < 6; i += 1)
      spoofed.push(
        (await register(direct, '198.51.100.7', randomPhone(), { 'x-forwarded-for': `10.0.0.${i}` })).status,
      );
    expect(spoofed).toEqual([200, 200, 200, 200, 200, 429]);

    const proxied = await server({ TRUSTED_PROXIES: '10.1.1.0/24' });
    // Behind one proxy: the last address is the one the proxy saw; what the client wrote before it is not trusted.
    const viaProxy = [];
    for (let i = 0; i < 6; i += 1)
      viaProxy.push(
        (await register(proxied, '10.1.1.1', randomPhone(), { 'x-forwarded-for': `1.2.3.${i}, 203.0.113.50` })).status,
      );
    expect(viaProxy).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await register(proxied, '10.1.1.1', randomPhone(), { 'x-forwarded-for': '203.0.113.51' })).status).toBe(
      200,
    );
  });

  it('an IPv6 client counts by its /64 network; an IPv4-mapped address as the IPv4 one', async () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    const s = await server();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await register(s, `2001:db8:1:2::${(i + 1).toString(16)}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('over a real socket the connection’s address is the client', async () => {
    const s = await server({ SMS_PER_CLIENT_PER_HOUR: '2' });
    const http = await serveOverHttp(s);
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        const phone = randomPhone();
        const r = await fetch(`${http.url}/api/api-auth/registration`, {
          method: 'POST',
          headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({
            first_name: 'Нова',
            last_name: 'Учасниця',
            email: `${phone}@example.com`,
            phone,
            adult_confirmed: true,
          }),
        });
        statuses.push(r.status);
        if (r.status === 429) expect(r.headers.get('retry-after')).toBe('3600');
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect((await s.get('/dev/sms-outbox')).body.limits.perClient.busiest).toEqual([
        { client: '127.0.0.1', lastHour: 2 },
      ]);
    } finally {
      await http.close();
    }
  });

  it('defaults: 30 an hour and 100 a day per client, 1000 an hour in all; no client (an in-process call) counts only in all', async () => {
    const c = loadConfig({});
    expect([c.SMS_PER_CLIENT_PER_HOUR, c.SMS_PER_CLIENT_PER_DAY, c.SMS_PER_HOUR, c.trustedProxies.any]).toEqual([
      30,
      100,
      1000,
      false,
    ]);
    const s = await server();
    for (let i = 0; i < 8; i += 1) {
      const phone = randomPhone();
      expect(
        (
          await s.post('/api/api-auth/registration', {
            first_name: 'Нова',
            last_name: 'Учасниця',
            email: `${phone}@example.com`,
            phone,
            adult_confirmed: true,
          })
        ).status,
      ).toBe(200);
    }
    expect((await s.get('/dev/sms-outbox')).body.limits.lastHour.sent).toBe(8);
  });
});
