import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardApiFromCacheStorage, isApiRequest } from '../../../sw/api-cache-guard';
import { allCalls } from '../../../src/contract/index';
import { createMember, type TestMember } from '../../support/members';
import { API_KEY, makeTestServer, type TestServer } from '../../support/server';
import { serveOverHttp } from './support';

/*
 * personal answers could be cached. get-balance, get-orders and get-user
 * answered with no Cache-Control and no nosniff. Every /api and /mapi answer now says
 * `Cache-Control: no-store` (the Node listener, server/http/security-headers.ts), and the service
 * worker's Cache Storage refuses to keep any of them (sw/api-cache-guard.ts): only Dexie holds
 * personal data, and logout clears it (checked in Chromium, tests/e2e/security-csp.e2e.ts).
 */

describe('personal answers are never cached', () => {
  let s: TestServer;
  let m: TestMember;
  let http: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    s = await makeTestServer();
    m = await createMember(s, { xp: 820 });
    http = await serveOverHttp(s);
  });
  afterAll(async () => {
    await http.close();
    await s.close();
  });

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${http.url}${path}`, {
      method,
      headers: { 'x-api-key': API_KEY, authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });

  it('get-balance, get-orders and get-user answer with no-store and nosniff', async () => {
    const answers = [
      await call('GET', `/api/get-balance?v=glo`),
      await call('POST', '/api/api-shop/get-orders', { variant: 'glo', shopifyId: m.glo.id }),
      await call('POST', '/api/user/get-user', { id: m.glo.id }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(((await answers[0]?.json()) as { balance: number }).balance).toBe(820);
    for (const r of answers) {
      expect(r.headers.get('cache-control'), r.url).toBe('no-store');
      expect(r.headers.get('x-content-type-options'), r.url).toBe('nosniff');
    }
  });

  it('so does every call of the contract, whatever it answers', async () => {
    for (const { call: c } of allCalls()) {
      const r = await call(c.method, c.path);
      expect(r.headers.get('cache-control'), `${c.method} ${c.path} (${r.status})`).toBe('no-store');
      expect(r.headers.get('x-content-type-options'), c.path).toBe('nosniff');
      await r.arrayBuffer();
    }
  });
});

/** A stand-in for the worker's Cache: records what was stored. */
class FakeCache {
  static stored: string[] = [];
  put(request: RequestInfo | URL) {
    FakeCache.stored.push(String(request instanceof Request ? request.url : request));
    return Promise.resolve();
  }
  add(request: RequestInfo | URL) {
    return this.put(request);
  }
  addAll(requests: RequestInfo[]) {
    for (const r of requests) FakeCache.stored.push(String(r instanceof Request ? r.url : r));
    return Promise.resolve();
  }
}

describe('the service worker keeps no /api answer in Cache Storage', () => {
  it('tells API calls from the app’s files, whatever the spelling', () => {
    const base = 'https://club.example/';
    for (const url of [
      '/api/get-balance',
      'https://club.example/api/user/get-user?id=1',
      '/mapi/multiscan/load',
      '/api',
      new URL('/api/x', base),
    ]) {
      expect(isApiRequest(url, base), String(url)).toBe(true);
    }
    for (const url of [
      '/',
      '/assets/index-1a2b.js',
      '/media/products/1.svg',
      '/apiary',
      '/shop/api',
      '/index.html?x=/api/',
    ]) {
      expect(isApiRequest(url, base), String(url)).toBe(false);
    }
    expect(isApiRequest(new Request('https://club.example/api/get-balance'), base)).toBe(true);
  });

  it('put, add and addAll of every cache skip API answers and store the rest', async () => {
    FakeCache.stored = [];
    guardApiFromCacheStorage({
      Cache: FakeCache as unknown as typeof Cache,
      location: { href: 'https://club.example/sw.js' },
    });
    const cache = new FakeCache() as unknown as Cache;
    await cache.put(new Request('https://club.example/api/get-balance'), new Response('{"balance":820}'));
    await cache.put('/media/products/1.svg', new Response('<svg/>'));
    await cache.add('/mapi/multiscan/load');
    await cache.addAll(['/api/user/get-user', '/assets/app.js']);
    expect(FakeCache.stored).toEqual(['/media/products/1.svg', '/assets/app.js']);
  });

  it('the service worker installs the guard before any cache is touched', () => {
    const sw = readFileSync('sw/sw.ts', 'utf8');
    const guard = sw.indexOf('guardApiFromCacheStorage(');
    expect(guard).toBeGreaterThan(0);
    for (const first of ['precacheAndRoute(', 'registerRoute(']) expect(guard).toBeLessThan(sw.indexOf(first));
  });
});
