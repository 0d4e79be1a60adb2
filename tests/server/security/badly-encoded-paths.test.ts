import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { createMember, type TestMember } from '../../support/members';
import { API_KEY, makeTestServer, type TestServer } from '../../support/server';
import { serveOverHttp } from './support';

/*
 * badly encoded paths gave a 500 with a stack trace in the log
 * (`GET /%ff`, `/%E0%A4%A`, `/assets/%ff.js`: decodeURIComponent in server/static.ts). They are
 * a 400 now (or a 404 where no such file or call can exist), and nothing is logged as a fault.
 */

let s: TestServer;
let m: TestMember;
let dir: string;
let app: ReturnType<typeof createApp>;
let http: { url: string; close(): Promise<void> };

beforeAll(async () => {
  s = await makeTestServer();
  m = await createMember(s);
  dir = mkdtempSync(join(tmpdir(), 'club-paths-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Клуб</title>');
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
  app = createApp(s.deps, { staticDir: dir });
  http = await serveOverHttp(s, app.fetch);
});
afterAll(async () => {
  await http.close();
  rmSync(dir, { recursive: true, force: true });
  await s.close();
});

const BAD = ['/%ff', '/%E0%A4%A', '/assets/%ff.js', '/%C0%AF', '/shop/%ff%fe', '/%ED%A0%80', '/assets/%', '/%%30'];

describe('badly encoded paths', () => {
  it('GET and HEAD of the app’s paths: 400 or 404 with the JSON error shape, never a 500, nothing logged', async () => {
    const logged = vi.spyOn(console, 'error');
    for (const method of ['GET', 'HEAD']) {
      for (const path of BAD) {
        const r = await app.request(path, { method });
        expect([400, 404], `${method} ${path}`).toContain(r.status);
        if (method === 'GET')
          expect(((await r.json()) as { error: { code: string } }).error.code, path).toMatch(/^(bad_path|not_found)$/);
      }
    }
    expect((await app.request('/%ff')).status).toBe(400);
    expect(((await (await app.request('/%ff')).json()) as { error: { message: string } }).error.message).toBe(
      'Некоректна адреса',
    );
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('the same over a real socket, as a browser or a scanner sends them', async () => {
    for (const path of BAD) {
      const r = await fetch(`${http.url}${path}`);
      expect([400, 404], path).toContain(r.status);
      expect(r.headers.get('content-type'), path).toContain('application/json');
    }
  });

  it('bad escapes in API paths, query strings and the server’s pages are no 500 either', async () => {
    const logged = vi.spyOn(console, 'error');
    const headers = { 'x-api-key': API_KEY, authorization: `Bearer ${m.token}` };
    const paths = [
      '/api/%ff',
      '/api/get-balance?v=%ff',
      '/api/get-balance?%ff=1',
      '/api/content/get-news?page=%E0%A4%A',
      '/mapi/%E0%A4%A',
      '/media/news/%ff.svg',
      '/media/products/%E0%A4%A.svg',
      '/dev/sms-outbox?phone=%ff',
      '/dev/scan-codes?variant=%ff',
      '/sandbox/liqpay/checkout?data=%ff&signature=%E0%A4%A',
    ];
    for (const path of paths) {
      const r = await app.request(path, { headers });
      expect(r.status, path).toBeLessThan(500);
    }
    const post = await app.request('/api/api-auth/login-sms?%ff', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"phone":"%ff"}',
    });
    expect(post.status).toBe(400);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('a well-encoded path still finds its file or the app', async () => {
    expect((await app.request('/assets/app-1a2b.js')).status).toBe(200);
    expect((await app.request('/assets/app%2D1a2b.js')).status).toBe(200);
    expect((await app.request('/shop/%63art')).status).toBe(200);
    expect((await app.request('/shop/%D0%BA%D0%BE%D1%88%D0%B8%D0%BA')).status).toBe(404);
  });
});
