// Local data in a real browser (headless system Chromium, real IndexedDB): the time from a cart
// change in Dexie to the re-rendered cart (useLiveQuery → React commit), and a catalogue query of
// 5,000 products. Targets: p95 under 16 ms and under 50 ms. Reports; never asserts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/support/chromium';

const CHANGES = 300;
const PRODUCTS = 5000;
const QUERIES = 30;

// The page: the app's own schema and hook (src/db), React 19 in production mode.
const page = `
import { createRoot } from 'react-dom/client';
import { useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { ClubDb } from './src/db/database';
import { useCart } from './src/db/hooks';
import { catalogueList } from './src/db/queries';

const db = new ClubDb('bench-local-data');
let onCommit = (_total) => {};

function Cart() {
  const lines = useCart('glo', db);
  const total = (lines ?? []).reduce((a, l) => a + l.count * l.price, 0);
  useLayoutEffect(() => onCommit(total), [lines, total]);
  return <ul>{(lines ?? []).map((l) => <li key={l.variantId}>{l.productId} × {l.count} = {l.count * l.price} грн</li>)}<li>Разом: {total} грн</li></ul>;
}

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };
const stats = (xs) => ({ p50: pct(xs, 50), p95: pct(xs, 95), max: Math.max(...xs), n: xs.length });

window.runBench = async ({ changes, products, queries }) => {
  await db.delete(); await db.open();
  const line = (i) => ({ variant: 'glo', variantId: 1000 + i, productId: i, count: 1, price: 100 + i, bonuses: 0, collectionId: 1, tags: [], quantity: 1, addedAt: i });
  await db.cart.bulkPut(Array.from({ length: 12 }, (_, i) => line(i)));
  const root = createRoot(document.getElementById('root'));
  let first; const ready = new Promise((r) => (first = r));
  onCommit = (total) => { if (total > 0) first(); };
  flushSync(() => root.render(<Cart />));
  await ready;

  const cart = [];
  for (let i = 0; i < changes; i += 1) {
    const vid = 1000 + (i % 12);
    const expected = new Promise((resolve) => { onCommit = () => resolve(performance.now()); });
    const t0 = performance.now();
    await db.cart.update(['glo', vid], { count: 2 + i });
    cart.push((await expected) - t0);
  }

  const rows = Array.from({ length: products }, (_, i) => ({ variant: 'glo', id: i + 1, category: 'sticks', collectionId: 1 + (i % 20), title: 'Стіки ' + i, subTitle: 'Смак ' + (i % 7), price: 90 + (i % 50), bonuses: i % 3 ? null : 200, quantity: 20, tags: ['ipost_allow'], image: '/media/p' + i + '.webp', fetchedAt: Date.now() }));
  // As the catalogue puller stores a list: the collection row with its products, and one row per product.
  await db.transaction('rw', db.collections, db.products, async () => {
    await db.collections.put({ variant: 'glo', id: 1, category: 'sticks', title: 'Стіки', products: rows, fetchedAt: Date.now() });
    await db.products.bulkPut(rows);
  });
  // Each kind of read in its own loop, so one's garbage is not collected during the other's timing.
  const list = []; const perRow = [];
  for (let i = 0; i < queries; i += 1) {
    const t0 = performance.now();
    const got = await catalogueList(db, 'glo', 'sticks');
    list.push(performance.now() - t0);
    if (got.length !== products) throw new Error('expected ' + products + ' got ' + got.length);
  }
  for (let i = 0; i < queries; i += 1) {
    const t0 = performance.now();
    await db.products.where('[variant+category]').equals(['glo', 'sticks']).toArray();
    perRow.push(performance.now() - t0);
  }
  return { cart: stats(cart), catalogue: stats(list), perRow: stats(perRow) };
};
`;

const bundled = await build({
  stdin: { contents: page, loader: 'tsx', resolveDir: process.cwd(), sourcefile: 'bench-page.tsx' },
  bundle: true,
  write: false,
  format: 'esm',
  jsx: 'automatic',
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': '{}' },
  logLevel: 'error',
});
const js = bundled.outputFiles[0]!.text;
const html =
  '<!doctype html><meta charset="utf-8"><title>bench</title><div id="root"></div><script type="module" src="/bench.js"></script>';

const server = createServer((req, res) => {
  const isJs = req.url === '/bench.js';
  res.writeHead(200, { 'content-type': isJs ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8' });
  res.end(isJs ? js : html);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address() as AddressInfo;

const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
try {
  const tab = await browser.newPage();
  await tab.goto(`http://127.0.0.1:${port}/`);
  await tab.waitForFunction(() => typeof (window as unknown as { runBench?: unknown }).runBench === 'function');
  type Stats = { p50: number; p95: number; max: number; n: number };
  const r = await tab.evaluate(
    (o) =>
      (
        window as unknown as { runBench(x: typeof o): Promise<Record<'cart' | 'catalogue' | 'perRow', Stats>> }
      ).runBench(o),
    { changes: CHANGES, products: PRODUCTS, queries: QUERIES },
  );
  const row = (s: Stats, target: number | null) => ({
    p50: +s.p50.toFixed(2),
    p95: +s.p95.toFixed(2),
    max: +s.max.toFixed(2),
    runs: s.n,
    'target p95': target ?? '—',
  });
  console.log(`Headless Chromium ${browser.version()}, real IndexedDB; times in ms`);
  console.table({
    'cart change → re-rendered cart': row(r.cart, 16),
    [`catalogue list of ${PRODUCTS} products (the app's query)`]: row(r.catalogue, 50),
    [`same ${PRODUCTS} as separate rows via an index`]: row(r.perRow, null),
  });
} finally {
  await browser.close();
  server.close();
}
