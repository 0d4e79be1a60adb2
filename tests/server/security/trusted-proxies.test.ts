import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { forwardedClient, parseTrustedProxies } from '../../../server/security/trusted-proxies';
import { addressKey } from '../../../server/security/client-address';
import { API_KEY, makeTestServer, type TestServer } from '../../support/server';
import { serveOverHttp } from './support';

/*
 * Forwarded client addresses. With a hop count (TRUST_PROXY_HOPS=1) any client that reached an
 * instance directly wrote its own X-Forwarded-For: 80 of 80 SMS to random numbers went out, 70 of
 * 70 look-ups were answered, until the global SMS budget stopped sign-in for everyone. Now only a
 * connection from one of TRUSTED_PROXIES has the header read, walked from the right past every
 * trusted proxy. These run over a real socket: the address counted is the connection's own.
 */

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function over(env: Record<string, string>): Promise<{ s: TestServer; url: string }> {
  const s = await makeTestServer({ env: { SMS_PER_CLIENT_PER_HOUR: '2', LOOKUPS_PER_CLIENT_PER_HOUR: '2', ...env } });
  const http = await serveOverHttp(s);
  open.push(s, http);
  return { s, url: http.url };
}

let nextPhone = 380932000000;
const post = (url: string, path: string, body: unknown, forwardedFor: string) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify(body),
  }).then((r) => r.status);
const register = (url: string, forwardedFor: string) => {
  const phone = String(nextPhone++);
  return post(
    url,
    '/api/api-auth/registration',
    { first_name: 'Нова', last_name: 'Учасниця', email: `${phone}@example.com`, phone, adult_confirmed: true },
    forwardedFor,
  );
};
const lookup = (url: string, forwardedFor: string) =>
  post(url, '/api/api-auth/login-sms', { phone: String(nextPhone++) }, forwardedFor);
const busiest = async (s: TestServer) =>
  (await s.get('/dev/sms-outbox')).body.limits.perClient.busiest as Array<{ client: string; lastHour: number }>;

describe('X-Forwarded-For only from a trusted proxy', () => {
  it('a client reaching the instance directly is counted under its own address, whatever it writes', async () => {
    // Proxies exist (10.0.0.0/8), but this connection (127.0.0.1) is not one of them.
    const { s, url } = await over({ TRUSTED_PROXIES: '10.0.0.0/8,fd00::/8' });
    const sms = [];
    for (let i = 0; i < 4; i += 1) sms.push(await register(url, `203.0.113.${i + 1}`));
    expect(sms).toEqual([200, 200, 429, 429]);
    expect(await busiest(s)).toEqual([{ client: '127.0.0.1', lastHour: 2 }]);
    // A registration is a look-up too («already registered»): the look-ups on a server of their own.
    const other = await over({ TRUSTED_PROXIES: '10.0.0.0/8,fd00::/8' });
    const lookups = [];
    for (let i = 0; i < 4; i += 1) lookups.push(await lookup(other.url, `10.0.0.${i + 1}`));
    expect(lookups).toEqual([200, 200, 429, 429]);
  });

  it('through a trusted proxy the forwarded client is counted, not the proxy, nor what the client wrote before it', async () => {
    const { s, url } = await over({ TRUSTED_PROXIES: '127.0.0.1/32' });
    // The proxy appends the address it saw; what the client sent is left of it.
    expect([
      await register(url, '1.1.1.1, 203.0.113.50'),
      await register(url, '2.2.2.2, 203.0.113.50'),
      await register(url, '203.0.113.50'),
    ]).toEqual([200, 200, 429]);
    expect(await register(url, '203.0.113.51')).toBe(200);
    expect(await busiest(s)).toEqual([
      { client: '203.0.113.50', lastHour: 2 },
      { client: '203.0.113.51', lastHour: 1 },
    ]);
  });
});

describe('walking X-Forwarded-For', () => {
  const trusted = parseTrustedProxies('127.0.0.1/32, 10.0.0.0/8, fd00::/8, 192.0.2.7');
  it('from the right while the hop is a trusted proxy; the connection must be one for any header to count', () => {
    expect(forwardedClient('198.51.100.1', '203.0.113.9', trusted)).toBe('198.51.100.1');
    expect(forwardedClient('10.1.2.3', '203.0.113.9', trusted)).toBe('203.0.113.9');
    expect(forwardedClient('10.1.2.3', '6.6.6.6, 203.0.113.9, 10.9.9.9, 192.0.2.7', trusted)).toBe('203.0.113.9');
    expect(forwardedClient('10.1.2.3', undefined, trusted)).toBe('10.1.2.3');
    expect(forwardedClient('10.1.2.3', '10.0.0.1, 10.0.0.2', trusted)).toBe('10.0.0.1');
    // IPv6 blocks, an IPv4-mapped peer, a bare address as a block of one.
    expect(forwardedClient('fd00::5', '2001:db8:1:2::7', trusted)).toBe('2001:db8:1:2::7');
    expect(addressKey(forwardedClient('::ffff:10.0.0.2', '2001:db8:1:2::7', trusted)!)).toBe('2001:db8:1:2::/64');
    expect(forwardedClient('192.0.2.8', '203.0.113.9', trusted)).toBe('192.0.2.8');
    expect(forwardedClient('fe80::1', '203.0.113.9', trusted)).toBe('fe80::1');
    // None configured: nothing forwarded is read.
    expect(forwardedClient('127.0.0.1', '203.0.113.9', parseTrustedProxies(''))).toBe('127.0.0.1');
  });

  it('a bad block, or the old hop count, stops the start with a message naming the setting', () => {
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(
      /TRUSTED_PROXIES: not an address or CIDR block: "10.0.0.0\/33"/,
    );
    expect(() => loadConfig({ TRUSTED_PROXIES: 'balancer' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '1' })).toThrow(/TRUST_PROXY_HOPS: replaced by TRUSTED_PROXIES/);
    expect(loadConfig({ TRUST_PROXY_HOPS: '0' }).trustedProxies.any).toBe(false);
  });
});
