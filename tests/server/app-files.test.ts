import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { API_KEY, makeTestServer, type TestServer } from '../support/server';

/*
 * The production server answers the built app's files from its not-found handler (server/static.ts):
 * the API's paths keep their JSON answers and the app key, deep links get index.html, and a path
 * of no screen of the route table gets it with status 404 (the app shows its 404 page).
 */

let s: TestServer;
let dir: string;
let app: ReturnType<typeof createApp>;
const INDEX = '<!doctype html><title>Клуб</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(3000))});`;

beforeAll(async () => {
  s = await makeTestServer();
  dir = mkdtempSync(join(tmpdir(), 'club-files-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), SCRIPT);
  app = createApp(s.deps, { staticDir: dir });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await s.close();
});

describe('the built app beside the API', () => {
  it('answers / and any app route with index.html, revalidated every time', async () => {
    for (const path of ['/', '/shop/cart', '/my-devices?from=menu', '/shop/sticks/12', '/news/3/']) {
      const r = await app.request(path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/html');
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(await r.text()).toBe(INDEX);
    }
  });

  it('answers a path of no screen of docs/rules.md#screens with the shell (its 404 page) and status 404', async () => {
    for (const path of [
      '/nonexistent',
      '/healthz',
      '/shop/no-such-list',
      '/profile/devices',
      '/is18/extra',
      '/nonexistent.html',
    ]) {
      const r = await app.request(path, { headers: { cookie: 'usertoken=t; showIs18=1' } });
      expect(r.status, path).toBe(404);
      expect(r.headers.get('content-type')).toContain('text/html');
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(await r.text()).toBe(INDEX);
    }
    const head = await app.request('/nonexistent', { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('answers a hashed asset gzipped for a year, and HEAD without a body', async () => {
    const r = await app.request('/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(r.headers.get('cache-control')).toContain('immutable');
    expect(gunzipSync(Buffer.from(await r.arrayBuffer())).toString()).toBe(SCRIPT);
    const head = await app.request('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('a missing asset file is a JSON 404, not index.html', async () => {
    const r = await app.request('/assets/gone-9z9z.js');
    expect(r.status).toBe(404);
    expect((await r.json()).error.code).toBe('not_found');
  });

  it('API paths keep their own answers: the app key first, then the call or “no such call”', async () => {
    expect((await app.request('/api/get-balance')).status).toBe(401);
    expect((await (await app.request('/api/get-balance')).json()).error.code).toBe('invalid_api_key');
    const unknown = await app.request('/api/no-such-call', { headers: { 'x-api-key': API_KEY } });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toEqual({ code: 'not_found', message: 'Такого виклику немає' });
    const wrongMethod = await app.request('/api/get-balance', { method: 'POST', headers: { 'x-api-key': API_KEY } });
    expect(wrongMethod.status).toBe(404);
    const signedOut = await app.request('/api/get-balance', { headers: { 'x-api-key': API_KEY } });
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json()).error.code).toBe('unauthenticated');
    expect((await app.request('/api/docs')).status).toBe(200);
  });

  it('a POST to an app route is a JSON 404', async () => {
    const r = await app.request('/shop/cart', { method: 'POST' });
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toContain('application/json');
  });
});
