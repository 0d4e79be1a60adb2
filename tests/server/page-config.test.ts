import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { pageConfigOf } from '../../server/page-config';
import { CONFIG_REVISION_TOKEN, clubConfigContent } from '../../src/domain/club/club-config';
import { makeTestServer, TEST_PHONES, type TestServer } from '../support/server';

/*
 * One build serves every deployment: the server writes its settings (API key, ogo host, test
 * phones, free-shipping thresholds, velo promo) into every HTML page it serves, HTML-escaped in a
 * meta tag (no inline script), and names its pages in the service worker's precache by a
 * fingerprint of them, so that installed apps fetch their pages again when the settings change.
 */
let dir: string;
let s: TestServer;
const EMPTY = '<meta name="club-config" content="" />';
const page = (root: string) =>
  `<!doctype html><html lang="uk"><head>${EMPTY}<title>Клуб</title><style>${'p{color:red}'.repeat(200)}</style></head><body><div id="root">${root}</div></body></html>`;
const SW = `self.__WB_MANIFEST=[{"revision":"aaa${CONFIG_REVISION_TOKEN}","url":"index.html"},{"revision":"bbb${CONFIG_REVISION_TOKEN}","url":"prerendered/auth.html"},{"revision":null,"url":"assets/app-1.js"}];${'/* code */'.repeat(200)}`;
const ENV = {
  API_KEY: `key "<&>' 1`,
  OGO_HOST: 'ogo.example.ua',
  FREE_SHIPPING_GLO: '500',
  FREE_SHIPPING_OGO: '150',
  VELO_PROMO_CODE: 'VELO-<b>30%',
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'club-page-config-'));
  mkdirSync(join(dir, 'prerendered'));
  writeFileSync(join(dir, 'index.html'), page(''));
  writeFileSync(join(dir, 'prerendered/auth.html'), page('<h1>Вхід</h1>'));
  writeFileSync(join(dir, 'sw.js'), SW);
  s = await makeTestServer({ env: ENV });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await s.close();
});

const appWith = (deps: TestServer['deps']) => createApp(deps, { staticDir: dir });
/** The settings a served page carries, read as the app and the service worker read them. */
const settingsOf = (html: string) => JSON.parse(clubConfigContent(html) ?? 'null') as unknown;
const revisions = (js: string) => [...js.matchAll(/"revision":"([^"]+)"/g)].map((m) => m[1]!);

describe('the settings in the served pages', () => {
  it('writes this server’s settings into every HTML page: app routes, the 404 shell, the files the service worker precaches', async () => {
    const app = appWith(s.deps);
    const expected = {
      apiKey: ENV.API_KEY,
      ogoHost: 'ogo.example.ua',
      testPhones: [...TEST_PHONES],
      freeShipping: { glo: 500, ogo: 150 },
      veloPromo: 'VELO-<b>30%',
    };
    for (const path of ['/', '/shop/cart', '/nonexistent', '/index.html', '/prerendered/auth.html']) {
      const html = await (await app.request(path, { headers: { cookie: 'usertoken=t; showIs18=1' } })).text();
      expect(settingsOf(html), path).toEqual(expected);
      expect(html, path).not.toContain(EMPTY);
    }
  });

  it('escapes them for the attribute: a value cannot end the tag or add markup', async () => {
    const html = await (await appWith(s.deps).request('/index.html')).text();
    const tag = /<meta name="club-config" content="[^"]*" \/>/.exec(html)?.[0] ?? '';
    expect(tag).toContain('key \\&quot;&lt;&amp;&gt;&#39; 1');
    expect(tag).toContain('VELO-&lt;b&gt;30%');
    // Nothing inside the attribute's value that HTML would read as its end or as a tag.
    expect(tag.slice('<meta name="club-config" content="'.length, -'" />'.length)).not.toMatch(/["<>]/);
    expect(html).not.toContain('<b>');
  });

  it('sends the same page compressed: brotli and gzip carry the settings too', async () => {
    const app = appWith(s.deps);
    for (const encoding of ['br', 'gzip']) {
      const r = await app.request('/prerendered/auth.html', { headers: { 'accept-encoding': encoding } });
      expect(r.headers.get('content-encoding')).toBe(encoding);
      const body = Buffer.from(await r.arrayBuffer());
      const html = (encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString();
      expect((settingsOf(html) as { apiKey: string }).apiKey).toBe(ENV.API_KEY);
    }
  });

  it('names the pages in the precache by a fingerprint of the settings: another deployment’s differ, the same one’s stay', async () => {
    const sw = await (await appWith(s.deps).request('/sw.js')).text();
    expect(sw).not.toContain(CONFIG_REVISION_TOKEN);
    const [index, auth, asset] = revisions(sw);
    expect(index).toMatch(/^aaa-[0-9a-f]{16}$/);
    expect(auth).toBe(`bbb${index!.slice(3)}`);
    expect(asset).toBeUndefined();
    expect(revisions(await (await appWith(s.deps).request('/sw.js')).text())).toEqual([index, auth]);

    const other = await makeTestServer({ env: { ...ENV, API_KEY: 'another-deployment' } });
    try {
      const otherSw = await (await appWith(other.deps).request('/sw.js')).text();
      expect(revisions(otherSw)[0]).toMatch(/^aaa-[0-9a-f]{16}$/);
      expect(revisions(otherSw)[0]).not.toBe(index);
    } finally {
      await other.close();
    }
  });

  it('gives a production server’s pages no test phones while test-login is off, and the list where staging allows it', () => {
    const prod = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://club.example.ua',
      METRICS_TOKEN: 'scrape',
      TEST_PHONES: TEST_PHONES.join(','),
    };
    expect(pageConfigOf(loadConfig(prod)).testPhones).toEqual([]);
    expect(pageConfigOf(loadConfig({ ...prod, SANDBOXES: 'test-login' })).testPhones).toEqual([...TEST_PHONES]);
  });
});
