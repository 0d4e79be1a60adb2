import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import type { TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { catalogueWithMember } from './support';

/*
 * A member's request of a list screen gets the shell naming the pictures of that list's first view
 * (server/first-view-pictures.ts), in the order and forms its cards show them, so that a phone asks
 * for them with its first bytes; anyone else, and any other screen, gets none.
 */
let s: TestServer, m: TestMember;
let dir: string;
let app: ReturnType<typeof createApp>;
const INDEX =
  '<!doctype html><html lang="uk"><head><script type="module" crossorigin src="/assets/index-1.js"></script><!--club-preload--></head><body><div id="root"></div></body></html>';
const ALWAYS = { '00': { show: true }, '01': { show: true }, '10': { show: true }, '11': { show: true } };
const plan = {
  build: 'b',
  routes: [
    { path: '/shop/:list', pattern: '^/shop/[^/]+/*$', visit: ALWAYS, preload: { out: [], in: ['/assets/shop-1.js'] } },
    { path: '/', pattern: '^/*$', visit: ALWAYS, preload: { out: [], in: ['/assets/home-1.js'] } },
  ],
};

beforeAll(async () => {
  ({ s, m } = await catalogueWithMember());
  dir = mkdtempSync(join(tmpdir(), 'club-pictures-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'club-routes.json'), JSON.stringify(plan));
  app = createApp(s.deps, { staticDir: dir });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await s.close();
});

const page = async (path: string, cookie: string) => (await app.request(path, { headers: { cookie } })).text();
const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)"([^>]*)>/g)].map((x) => ({
    href: x[1],
    rest: x[2],
  }));

async function firstView(collectionId: number, ogo = false): Promise<string[]> {
  const r = await s.post(
    '/api/api-shop/get-products-by-collection',
    { collectionId, ...(ogo ? { ogo: true } : {}) },
    m.token,
  );
  const products = r.body.products as Array<{ image: string; available: boolean }>;
  // As the grid shows them: in stock first, then the rest, each in catalogue order.
  return [...products.filter((p) => p.available), ...products.filter((p) => !p.available)]
    .slice(0, 4)
    .map((p) => p.image);
}

describe('a list’s first pictures named in the shell', () => {
  it('names the first four pictures of the list a member opens, in the cards’ forms, before the chunks', async () => {
    const html = await page('/shop/sticks', `showIs18=1; usertoken=${m.token}`);
    const links = preloaded(html);
    expect(links.map((l) => l.href)).toEqual(await firstView(270101));
    expect(links[0]!.rest).toBe(
      ` imagesrcset="${links[0]!.href} 360w, ${links[0]!.href}?w=720 720w" imagesizes="46vw"`,
    );
    // Right after the entry script, ahead of the screen's chunks.
    expect(html.indexOf('as="image"')).toBeGreaterThan(html.indexOf('/assets/index-1.js'));
    expect(html.indexOf('as="image"')).toBeLessThan(html.indexOf('/assets/shop-1.js'));
    // ogo's lists are ogo's catalogue.
    const ogo = preloaded(await page('/shop/ogo-velo', `showIs18=1; usertoken=${m.token}`)).map((l) => l.href);
    expect(ogo).toEqual(await firstView(370106, true));
    expect(ogo).not.toEqual(links.map((l) => l.href));
  });

  it('names none for a cookie of no live session, for a visitor, or on a screen that is not a list', async () => {
    expect(preloaded(await page('/shop/sticks', 'showIs18=1; usertoken=made-up'))).toEqual([]);
    expect(preloaded(await page('/shop/sticks', 'showIs18=1'))).toEqual([]);
    expect(preloaded(await page('/shop/cart', `showIs18=1; usertoken=${m.token}`))).toEqual([]);
    expect(preloaded(await page('/', `showIs18=1; usertoken=${m.token}`))).toEqual([]);
    // The member's shell still names the screen's chunks.
    expect(await page('/shop/sticks', 'showIs18=1; usertoken=made-up')).toContain('/assets/shop-1.js');
  });
});
