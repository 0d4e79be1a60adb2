// The shop's long lists and routes. (1) A 5,000-product category rendered from Dexie by the app's
// own list parts (useCatalogue + ProductGrid, virtualised) in headless Chromium with the CPU slowed
// 4x: time from mounting to the first rows painted (target < 100 ms) and the frames while the
// window scrolls (target < 16 ms), beside the same list drawn without virtualisation. (2) The
// gzipped JavaScript each shop route needs before it renders (the entry, its static imports and
// the route's page chunk, from Vite's manifest; budget 140 KB). Reports; never asserts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { PAGE_SOURCES } from '../src/app/routes/page-sources';
import { buildIfStale, DIST } from '../scripts/build-if-stale';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/support/chromium';

const PRODUCTS = 5000;
const MOUNTS = 8;
/** Scrolled each frame: 140 px is a fast fling (8,400 px/s at 60 frames/s); 420 px, three times that. */
const SCROLL_STEPS = 90;
const SCROLL_PX = [140, 420] as const;
const CPU_SLOWDOWN = 4;

// The page: the app's schema, hooks and list components, React 19 in production mode.
const page = `
import { createRoot } from 'react-dom/client';
import { useLayoutEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { db } from './src/db/db';
import { useCatalogue } from './src/db/hooks';
import { ProductGrid } from './src/features/shop/grid/product-grid';
import { ProductCard } from './src/features/shop/grid/product-card';
import './src/ui/theme.css';
import './src/ui/base.css';

let onRows = () => {};
const link = (p) => '/shop/sticks/' + p.id;

function List({ plain }) {
  const products = useCatalogue('glo', 'sticks');
  useLayoutEffect(() => { if (products && products.length) onRows(); }, [products]);
  if (!products) return null;
  if (plain) return <div className="product-grid">{products.map((p) => <ProductCard key={p.id} product={p} to={link(p)} favourite={false} inCart={0} onToggleFavourite={() => {}} onAdd={async () => null} />)}</div>;
  return <ProductGrid variant="glo" products={products} linkOf={link} label="Стіки" />;
}

const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };
const stats = (xs) => ({ p50: pct(xs, 50), p95: pct(xs, 95), max: Math.max(...xs), n: xs.length });

window.seed = async (n) => {
  await db.open();
  const rows = Array.from({ length: n }, (_, i) => ({ variant: 'glo', id: i + 1, variantId: 100000 + i, category: 'sticks', collectionId: 270101, title: 'Стіки glo «Смак ' + i + '»', subTitle: 'Пачка, 20 шт.', price: 90 + (i % 50), bonuses: null, quantity: 20, tags: i % 3 ? [] : ['ipost_allow'], image: null, description: '', available: i % 17 !== 0, fetchedAt: Date.now() }));
  await db.transaction('rw', db.collections, db.products, async () => {
    await db.collections.put({ variant: 'glo', id: 270101, category: 'sticks', title: 'Стіки', products: rows, fetchedAt: Date.now() });
    await db.products.bulkPut(rows);
  });
};

window.mount = async (plain) => {
  const el = document.createElement('div');
  document.getElementById('root').replaceChildren(el);
  window.scrollTo(0, 0);
  const root = createRoot(el);
  const shown = new Promise((r) => (onRows = r));
  const t0 = performance.now();
  root.render(<MemoryRouter><List plain={plain} /></MemoryRouter>);
  await shown;
  const painted = await frame();
  const cards = el.querySelectorAll('[data-testid="product-card"]').length;
  window.unmount = () => root.unmount();
  return { ms: painted - t0, cards };
};

window.idleFrames = async (n) => {
  const frames = [];
  let last = await frame();
  for (let i = 0; i < n; i += 1) { const t = await frame(); frames.push(t - last); last = t; }
  return stats(frames);
};

window.scrollFrames = async (steps, px) => {
  const frames = [];
  let last = await frame();
  for (let i = 0; i < steps; i += 1) {
    window.scrollBy(0, px);
    const t = await frame();
    frames.push(t - last);
    last = t;
  }
  return { frames: stats(frames), cards: document.querySelectorAll('[data-testid="product-card"]').length, y: Math.round(window.scrollY) };
};
`;

const out = await build({
  stdin: { contents: page, loader: 'tsx', resolveDir: process.cwd(), sourcefile: 'bench-page.tsx' },
  bundle: true,
  write: false,
  outdir: 'bench-out',
  format: 'esm',
  jsx: 'automatic',
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': '{}' },
  logLevel: 'error',
});
const js = out.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
const css = out.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
const html =
  '<!doctype html><html data-theme="glo"><meta charset="utf-8"><meta name="viewport" content="width=390"><title>bench</title><link rel="stylesheet" href="/bench.css"><main class="page" id="root"></main><script type="module" src="/bench.js"></script>';

const server = createServer((req, res) => {
  const type = req.url === '/bench.js' ? 'text/javascript' : req.url === '/bench.css' ? 'text/css' : 'text/html';
  res.writeHead(200, { 'content-type': `${type}; charset=utf-8` });
  res.end(req.url === '/bench.js' ? js : req.url === '/bench.css' ? css : html);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address() as AddressInfo;

type Stats = { p50: number; p95: number; max: number; n: number };
const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
try {
  const tab = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await tab.goto(`http://127.0.0.1:${port}/`);
  await tab.waitForFunction(() => typeof (window as unknown as { seed?: unknown }).seed === 'function');
  await tab.evaluate((n) => (window as unknown as { seed(n: number): Promise<void> }).seed(n), PRODUCTS);
  const cdp = await tab.context().newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Performance.enable');
  /** Seconds the page's main thread spent in tasks so far (Chromium's TaskDuration). */
  const busy = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;

  const run = async (plain: boolean, mounts: number) => {
    const times: number[] = [];
    let cards = 0;
    for (let i = 0; i < mounts; i += 1) {
      const r = await tab.evaluate(
        (p) => (window as unknown as { mount(p: boolean): Promise<{ ms: number; cards: number }> }).mount(p),
        plain,
      );
      times.push(r.ms);
      cards = r.cards;
      if (i < mounts - 1) await tab.evaluate(() => (window as unknown as { unmount(): void }).unmount());
    }
    const scrolls = [];
    for (const px of SCROLL_PX) {
      await tab.evaluate(() => window.scrollTo(0, 0));
      const before = await busy();
      const r = await tab.evaluate(
        ([s, p]) =>
          (
            window as unknown as {
              scrollFrames(s: number, p: number): Promise<{ frames: Stats; cards: number; y: number }>;
            }
          ).scrollFrames(s, p),
        [SCROLL_STEPS, px] as const,
      );
      // Main-thread time per frame: less disturbed by the machine's other load than frame intervals.
      scrolls.push({ ...r, busyPerFrame: (((await busy()) - before) * 1000) / SCROLL_STEPS });
    }
    await tab.evaluate(() => (window as unknown as { unmount(): void }).unmount());
    const scroll = scrolls[0]!;
    const fast = scrolls[1]!;
    const sorted = [...times].sort((a, b) => a - b);
    return {
      first: { p50: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]!, n: times.length },
      cards,
      scroll,
      fast,
    };
  };
  const idle = await tab.evaluate(() =>
    (window as unknown as { idleFrames(n: number): Promise<Stats> }).idleFrames(30),
  );
  const virtual = await run(false, MOUNTS);
  const plain = await run(true, 2);
  const f = (n: number) => +n.toFixed(1);
  console.log(
    `Headless Chromium ${browser.version()}, CPU slowed ${CPU_SLOWDOWN}x, ${PRODUCTS} products in one category read from IndexedDB; ms`,
  );
  console.table({
    'an idle frame (nothing changes), for scale': {
      p50: f(idle.p50),
      p95: f(idle.p95),
      max: f(idle.max),
      runs: idle.n,
    },
    'virtualised (the app), first rows painted': {
      p50: f(virtual.first.p50),
      max: f(virtual.first.max),
      runs: virtual.first.n,
      'cards in DOM': virtual.cards,
      target: '< 100',
    },
    'virtualised, a frame scrolling 140 px/frame': {
      p50: f(virtual.scroll.frames.p50),
      p95: f(virtual.scroll.frames.p95),
      max: f(virtual.scroll.frames.max),
      runs: virtual.scroll.frames.n,
      'cards in DOM': virtual.scroll.cards,
      'main thread per frame': f(virtual.scroll.busyPerFrame),
      target: '< 16',
    },
    'virtualised, a frame scrolling 420 px/frame': {
      p50: f(virtual.fast.frames.p50),
      p95: f(virtual.fast.frames.p95),
      max: f(virtual.fast.frames.max),
      runs: virtual.fast.frames.n,
      'cards in DOM': virtual.fast.cards,
      'main thread per frame': f(virtual.fast.busyPerFrame),
      target: '—',
    },
    'all cards drawn, first rows painted': {
      p50: f(plain.first.p50),
      max: f(plain.first.max),
      runs: plain.first.n,
      'cards in DOM': plain.cards,
      target: '—',
    },
    'all cards drawn, a frame scrolling 140 px/frame': {
      p50: f(plain.scroll.frames.p50),
      p95: f(plain.scroll.frames.p95),
      max: f(plain.scroll.frames.max),
      runs: plain.scroll.frames.n,
      'cards in DOM': plain.scroll.cards,
      'main thread per frame': f(plain.scroll.busyPerFrame),
      target: '—',
    },
  });
} finally {
  await browser.close();
  server.close();
}

// (2) The shop routes' JavaScript before first paint, from the production build's manifest.
buildIfStale();
interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const gz = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
function withImports(key: string, acc = new Set<string>()): Set<string> {
  const c = manifest[key];
  if (!c || acc.has(c.file)) return acc;
  acc.add(c.file);
  for (const i of c.imports ?? []) withImports(i, acc);
  return acc;
}
const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
// The shop's and the checkout's screens: every page module under src/features/shop.
const routes = Object.fromEntries(
  Object.entries(PAGE_SOURCES).filter(([, source]) => source.startsWith('src/features/shop/')),
);
const bySource = new Map<string, string[]>();
for (const [path, source] of Object.entries(routes)) bySource.set(source, [...(bySource.get(source) ?? []), path]);
const table: Record<string, { 'gzip KB': number; files: number; 'page chunk KB': number; budget: string }> = {};
for (const [source, paths] of bySource) {
  const files = [...withImports(source, withImports(entry))].filter((x) => x.endsWith('.js'));
  const total = files.reduce((n, x) => n + gz(x), 0);
  const own = manifest[source] ? gz(manifest[source]!.file) : 0;
  const label = paths.length > 2 ? `${paths[0]} (+${paths.length - 1} routes)` : paths.join(', ');
  table[label] = {
    'gzip KB': +(total / 1024).toFixed(1),
    files: files.length,
    'page chunk KB': +(own / 1024).toFixed(1),
    budget: total / 1024 <= 140 ? '≤ 140 ✓' : '> 140 ✗',
  };
}
console.log('\nShop routes: JavaScript before the screen renders (entry + static imports + page chunk), gzip -9');
console.table(table);
