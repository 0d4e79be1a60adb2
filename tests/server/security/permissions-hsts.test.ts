import { afterEach, describe, expect, it } from 'vitest';
import { makeTestServer, type TestServer } from '../../support/server';
import { serveOverHttp } from './support';

/**
 * Production headers: a Permissions-Policy on every answer (the app's camera, position
 * and clipboard for itself, every other powerful feature off), and HSTS only where the browser
 * reached the server over HTTPS, as a trusted proxy in front says (X-Forwarded-Proto).
 */
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function over(env: Record<string, string>): Promise<{ s: TestServer; url: string }> {
  const s = await makeTestServer({ env });
  const http = await serveOverHttp(s);
  open.push(s, http);
  return { s, url: http.url };
}

describe('Permissions-Policy', () => {
  it('is on every answer: the API, the server’s pages, the app’s files and a 404', async () => {
    const { url } = await over({});
    for (const path of ['/api/openapi.json', '/api/get-version', '/sandbox/liqpay/checkout', '/', '/no-such-file.js']) {
      const policy =
        (await fetch(`${url}${path}`, { method: path === '/api/get-version' ? 'POST' : 'GET' })).headers.get(
          'permissions-policy',
        ) ?? '';
      expect(policy, path).toContain('camera=(self)');
      expect(policy, path).toContain('geolocation=(self)');
      expect(policy, path).toContain('microphone=()');
      expect(policy, path).toContain('payment=()');
      expect(policy, path).not.toMatch(/\*/);
    }
  });
});

describe('HSTS behind an HTTPS proxy', () => {
  it('is sent when a trusted proxy says the request came over HTTPS, and not otherwise', async () => {
    const { url } = await over({ TRUSTED_PROXIES: '127.0.0.1/32' });
    const hsts = async (headers: Record<string, string>) =>
      (await fetch(`${url}/api/openapi.json`, { headers })).headers.get('strict-transport-security');
    expect(await hsts({ 'x-forwarded-proto': 'https' })).toBe('max-age=31536000');
    expect(await hsts({ 'x-forwarded-proto': 'http' })).toBeNull();
    expect(await hsts({})).toBeNull();
    // What the client wrote before the proxy's own entry does not count.
    expect(await hsts({ 'x-forwarded-proto': 'https, http' })).toBeNull();
    expect(await hsts({ 'x-forwarded-proto': 'http, https' })).toBe('max-age=31536000');
  });

  it('is never sent without a trusted proxy (a client’s X-Forwarded-Proto is not believed), nor with HSTS_MAX_AGE=0', async () => {
    const direct = await over({});
    expect(
      (await fetch(`${direct.url}/`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
    // Proxies are configured, but this connection (127.0.0.1) is not one of them.
    const elsewhere = await over({ TRUSTED_PROXIES: '10.0.0.0/8' });
    expect(
      (await fetch(`${elsewhere.url}/`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
    const off = await over({ TRUSTED_PROXIES: '127.0.0.1/32', HSTS_MAX_AGE: '0' });
    expect(
      (await fetch(`${off.url}/`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
  });
});
