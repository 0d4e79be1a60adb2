// @vitest-environment node
import { Hono } from 'hono';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../../server/context';
import { appFiles } from '../../../server/static';

/*
 * The server answers a first load from the build's route plan: the guards' redirects
 * before any script, the prerendered signed-out screens, and index.html naming the route's chunks.
 */
let dir: string;
let app: Hono<AppEnv>;
const INDEX =
  '<!doctype html><html lang="uk"><head><title>Клуб</title><script type="module" crossorigin src="/assets/index-1.js"></script><!--club-preload--><style>p{color:red}</style></head><body><div id="root"></div></body></html>';
const IS18 =
  '<!doctype html><html lang="uk"><head></head><body><div id="root" data-prerendered="/is18"><h2>Тобі вже є 18?</h2></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(3000))});`;
const plan = {
  build: 'b',
  routes: [
    {
      path: '/is18',
      pattern: '^/is18/*$',
      visit: { '00': { show: true }, '01': { redirect: '/auth' }, '10': { show: true }, '11': { redirect: '/' } },
      prerendered: 'prerendered/is18.html',
      preload: { out: ['/assets/is18-page-1.js'], in: ['/assets/is18-page-1.js', '/assets/member-1.js'] },
    },
    {
      path: '/',
      pattern: '^/*$',
      visit: { '00': { redirect: '/is18' }, '01': { redirect: '/auth' }, '10': { show: true }, '11': { show: true } },
      preload: { out: [], in: ['/assets/home-page-1.js', '/assets/data-1.js'] },
    },
    {
      path: '/shop/sticks/:id',
      pattern: '^/shop/sticks/[^/]+/*$',
      visit: { '00': { redirect: '/is18' }, '01': { redirect: '/auth' }, '10': { show: true }, '11': { show: true } },
      preload: { out: [], in: ['/assets/product-page-1.js'] },
    },
  ],
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'club-static-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'prerendered'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'prerendered/is18.html'), IS18);
  writeFileSync(join(dir, 'club-routes.json'), JSON.stringify(plan));
  writeFileSync(join(dir, 'assets/app-1.js'), SCRIPT);
  writeFileSync(join(dir, 'assets/app-1.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets/old-1.js'), SCRIPT);
  writeFileSync(join(dir, 'assets/old-1.js.br'), brotliCompressSync('stale'));
  utimesSync(join(dir, 'assets/old-1.js.br'), new Date(2000, 1, 1), new Date(2000, 1, 1));
  writeFileSync(join(dir, 'favicon.svg'), '<svg>glo</svg>');
  writeFileSync(join(dir, 'favicon-ogo.svg'), '<svg>ogo</svg>');
  mkdirSync(join(dir, 'icons'));
  writeFileSync(join(dir, 'icons/icon-192.png'), 'png-glo');
  writeFileSync(join(dir, 'icons/ogo-icon-192.png'), 'png-ogo');
  const files = appFiles(dir, 'club.ogo.test');
  app = new Hono<AppEnv>();
  app.notFound(async (c) => (await files(c)) ?? c.json({ error: { code: 'not_found' } }, 404));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (path: string, cookie = '', extra: Record<string, string> = {}) =>
  app.request(path, { headers: { cookie, ...extra } });

describe('first load from the route plan', () => {
  it('answers a new visitor at / with the age question itself, with no round trip of a redirect', async () => {
    for (const path of ['/', '/?ref=REW-OLENA7', '/shop/sticks/5']) {
      const r = await get(path);
      expect(r.status).toBe(200);
      expect(r.headers.get('location')).toBeNull();
      expect(r.headers.get('vary')).toContain('cookie');
      // The page names the screen it is, so that the app shows that address (the invite code stays in the query).
      expect(await r.text()).toBe(IS18);
    }
  });

  it('still redirects where the guards send a visitor to a screen that is not prerendered', async () => {
    const r = await get('/', 'showIs18=1');
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/auth');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('vary')).toContain('cookie');
    expect((await get('/?ref=REW-OLENA7', 'showIs18=1')).headers.get('location')).toBe('/auth?ref=REW-OLENA7');
  });

  it('answers a signed-out screen with its prerendered HTML, and a member elsewhere', async () => {
    const r = await get('/is18');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.headers.get('vary')).toContain('cookie');
    expect(await r.text()).toBe(IS18);
    const member = await get('/is18', 'usertoken=t; showIs18=1');
    expect(member.status).toBe(302);
    expect(member.headers.get('location')).toBe('/');
  });

  it('names the route’s first-screen chunks in index.html for a member, and nothing for an unknown path', async () => {
    const home = await (await get('/', 'usertoken=t')).text();
    // Right after the entry script, ahead of the inlined stylesheet: found in the first bytes.
    expect(home).toContain(
      'src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/home-page-1.js"><link rel="modulepreload" crossorigin href="/assets/data-1.js"><style>',
    );
    const detail = await (await get('/shop/sticks/5', 'usertoken=t')).text();
    expect(detail).toContain('href="/assets/product-page-1.js"');
    expect(await (await get('/no/such/page')).text()).toBe(INDEX);
    expect(await (await get('/index.html')).text()).toBe(INDEX);
  });

  it('sends the build’s brotli copy to a browser that takes brotli, unless the copy is older than the file', async () => {
    const r = await get('/assets/app-1.js', '', { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await r.arrayBuffer())).toString()).toBe(SCRIPT);
    const gz = await get('/assets/app-1.js', '', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const stale = await get('/assets/old-1.js', '', { 'accept-encoding': 'br' });
    expect(stale.headers.get('content-encoding')).not.toBe('br');
  });
});

describe('the brand’s own favicon', () => {
  it('is ogo’s on the ogo host and glo’s elsewhere, varying by host', async () => {
    const ogo = await get('/favicon.svg', '', { host: 'club.ogo.test' });
    expect(await ogo.text()).toBe('<svg>ogo</svg>');
    expect(ogo.headers.get('vary')).toContain('host');
    expect(await (await get('/favicon.svg', '', { host: 'club.glo.test' })).text()).toBe('<svg>glo</svg>');
  });

  it('answers /favicon.ico, which browsers ask for on their own, with the brand’s icon, not a JSON 404', async () => {
    const glo = await get('/favicon.ico', '', { host: 'club.glo.test' });
    expect(glo.status).toBe(200);
    expect(glo.headers.get('content-type')).toBe('image/png');
    expect(await glo.text()).toBe('png-glo');
    const ogo = await get('/favicon.ico', '', { host: 'club.ogo.test' });
    expect(await ogo.text()).toBe('png-ogo');
    expect(ogo.headers.get('vary')).toContain('host');
  });
});
