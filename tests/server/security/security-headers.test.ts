import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { docsPage } from '../../../server/openapi';
import { checkoutMessagePage, checkoutPage } from '../../../server/sandboxes/liqpay-page';
import { API_KEY, makeTestServer, type TestServer } from '../../support/server';
import { cspDirectives, serveOverHttp } from './support';

/*
 * the app shell had no security headers (no Content-Security-Policy,
 * nosniff, Referrer-Policy, Cross-Origin-Opener-Policy or frame-ancestors), so any script that
 * got into the page could read the bearer token. Every answer now starts with them (the Node
 * listener, server/http/security-headers.ts). That the app works under its policy is checked in
 * Chromium (tests/e2e/security-csp.e2e.ts).
 */

let s: TestServer;
let dir: string;
let http: { url: string; close(): Promise<void> };

beforeAll(async () => {
  s = await makeTestServer({ env: { BODY_LIMIT_BYTES: '4096' } });
  dir = mkdtempSync(join(tmpdir(), 'club-headers-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Клуб</title><script type="module" src="/assets/app-1a2b.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  http = await serveOverHttp(s, createApp(s.deps, { staticDir: dir }).fetch);
});
afterAll(async () => {
  await http.close();
  rmSync(dir, { recursive: true, force: true });
  await s.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${http.url}${path}`, { headers });

/** Every answer: nosniff, a referrer policy, COOP, and a policy that forbids framing, plugins and <base>. */
function expectCommonHeaders(r: Response, what: string) {
  expect(r.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(r.headers.get('referrer-policy'), what).toBe('same-origin');
  expect(r.headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
  const csp = cspDirectives(r.headers.get('content-security-policy'));
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  return csp;
}

/** A page's policy: scripts are files of this origin only, WebAssembly may compile. */
function expectPagePolicy(csp: Map<string, string[]>, what: string) {
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts, what).toContain("'self'");
  expect(scripts, what).toContain("'wasm-unsafe-eval'");
  for (const loose of ["'unsafe-inline'", "'unsafe-eval'", 'data:', 'blob:', '*', 'http:', 'https:'])
    expect(scripts, what).not.toContain(loose);
  expect(csp.get('worker-src'), what).toEqual(["'self'", 'blob:']);
  expect(csp.get('img-src'), what).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('connect-src'), what).toEqual(["'self'"]);
}

/** No inline script in a page: every <script> has a src, and no element has an on* handler. */
function expectNoInlineScript(html: string, what: string) {
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) expect(tag, what).toMatch(/\bsrc=/);
  expect(html, what).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
  expect(html, what).not.toMatch(/javascript:/i);
}

describe('security headers on every answer', () => {
  it('the app shell, its scripts and its service worker carry the page policy', async () => {
    for (const path of ['/', '/shop/cart', '/assets/app-1a2b.js', '/sw.js']) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expectPagePolicy(expectCommonHeaders(r, path), path);
    }
    // The shell's files keep their own caching (server/static.ts).
    expect((await get('/assets/app-1a2b.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('API answers carry a policy that loads nothing, whatever their status', async () => {
    const answers = await Promise.all([
      fetch(`${http.url}/api/get-version`, {
        method: 'POST',
        headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
        body: '{}',
      }),
      get('/api/get-version'),
      get('/api/no/such/call', { 'x-api-key': API_KEY }),
      get('/mapi/anything'),
      fetch(`${http.url}/api/api-auth/login-sms`, {
        method: 'POST',
        headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
        body: 'x'.repeat(5000),
      }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 401, 413]);
    for (const r of answers) {
      const csp = expectCommonHeaders(r, r.url);
      expect(csp.get('default-src')).toEqual(["'none'"]);
    }
  });

  it('the server’s own pages carry the page policy and have no inline script: API docs, card checkout, dev views', async () => {
    const docs = await get('/api/docs');
    expect(docs.status).toBe(200);
    expectPagePolicy(expectCommonHeaders(docs, 'docs'), 'docs');
    expectNoInlineScript(await docs.text(), 'docs');
    const script = await get('/api/docs.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');

    const checkout = await get('/sandbox/liqpay/checkout?data=bad&signature=bad');
    expect(checkout.status).toBe(400);
    expectPagePolicy(expectCommonHeaders(checkout, 'checkout'), 'checkout');
    expect(checkout.headers.get('cache-control')).toBe('no-store');
    expectNoInlineScript(await checkout.text(), 'checkout');

    const codes = await get('/dev/scan-codes');
    expect(codes.status).toBe(200);
    expectPagePolicy(expectCommonHeaders(codes, 'scan codes'), 'scan codes');
    expectNoInlineScript(await codes.text(), 'scan codes');

    expectNoInlineScript(docsPage, 'docs page');
    const signed = { data: 'e30=', signature: 'x' };
    expectNoInlineScript(
      checkoutPage({ description: 'Замовлення 1001', amount: 1299, pay: signed, decline: signed }),
      'checkout page',
    );
    expectNoInlineScript(checkoutMessagePage('Платіж завершено', 'Уже оплачено'), 'checkout message');
  });

  it('the checkout’s forms may post to this origin and to LiqPay only', async () => {
    const csp = cspDirectives((await get('/')).headers.get('content-security-policy'));
    expect(csp.get('form-action')).toEqual(["'self'", 'https://www.liqpay.ua']);
  });

  it('a request Node itself refuses (a head over 16 KB, a broken request line) gets a JSON error with them', async () => {
    const long = await get(`/api/get-balance?q=${'x'.repeat(20_000)}`);
    expect(long.status).toBe(431);
    expect(((await long.json()) as { error: { code: string } }).error.code).toBe('headers_too_large');
    expectCommonHeaders(long, '431');
    const { port } = new URL(http.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /\u0001 HTTP/1.1\r\nHost: x\r\n\r\n'));
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(raw).toContain('{"error":{"code":"bad_request","message":"Некоректний запит"}}');
  });

  it('a missing asset and a badly encoded path carry them too', async () => {
    for (const [path, status] of [
      ['/assets/missing.js', 404],
      ['/%ff', 400],
    ] as const) {
      const r = await get(path);
      expect(r.status, path).toBe(status);
      expectCommonHeaders(r, path);
    }
  });
});
