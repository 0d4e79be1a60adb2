// The JavaScript each first route loads (gzipped) against the 140 KB budget, and the precache.
// Two figures per route: the critical path (the entry, its static imports and the route's page
// chunk, from Vite's manifest: what must load before the screen renders) and everything loaded
// until the network is idle in headless Chromium (including the sync engine and the service
// worker registration, which start right after the first paint).
import { readFileSync } from 'node:fs';
import { FRAME_SOURCE, PAGE_SOURCES } from '../src/app/routes/page-sources';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfStale, DIST } from '../scripts/build-if-stale';
import { openBrowser } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';
import { signInAsDemo } from '../tests/e2e/support/sign-in';

const BUDGET_KB = 140;
const gz = (file: string) => gzipSync(readFileSync(join(DIST, file.replace(/^\//, ''))), { level: 9 }).length;
const kb = (n: number) => (n / 1024).toFixed(1);

buildIfStale();
const server = await startServer();
interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/** A chunk and its static imports, recursively, as files. */
function withImports(key: string, out = new Set<string>()): Set<string> {
  const c = manifest[key];
  if (!c || out.has(c.file)) return out;
  out.add(c.file);
  for (const i of c.imports ?? []) withImports(i, out);
  return out;
}

function critical(route: string): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const files = withImports(entry);
  withImports(PAGE_SOURCES[route] ?? FRAME_SOURCE, files);
  return [...files].filter((f) => f.endsWith('.js'));
}

const rows: Array<{ route: string; critical: number; files: number; gzip: number }> = [];
try {
  for (const [route, signedIn] of [
    ['/', true],
    ['/auth', false],
    ['/shop', true],
  ] as const) {
    const browser = await openBrowser();
    // Signed-in routes: sign in for real first (the app checks its session), then open the
    // route in a fresh page and count only what that load fetches (from the network or the SW).
    if (signedIn) await signInAsDemo(browser.page, server.url);
    else await browser.context.addCookies([{ name: 'showIs18', value: '1', url: server.url }]);
    const page = signedIn ? await browser.context.newPage() : browser.page;
    const seen = new Set<string>();
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.origin === server.url && url.pathname.endsWith('.js') && url.pathname !== '/sw.js') seen.add(url.pathname);
    });
    await page.goto(server.url + route, { waitUntil: 'networkidle' });
    // Do not count the prefetch that starts 1 s after load: only what the route itself needs.
    const files = [...seen];
    rows.push({
      route,
      critical: critical(route).reduce((n, f) => n + gz(f), 0),
      files: files.length,
      gzip: files.reduce((n, f) => n + gz(f.replace(/^\//, '')), 0),
    });
    await browser.close();
  }
} finally {
  await server.dispose();
}

const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
const precache = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
const precacheGz = precache.reduce((n, f) => n + gz(f), 0);
const precacheRaw = precache.reduce((n, f) => n + readFileSync(join(DIST, f)).length, 0);

console.log('First-route JavaScript (gzip -9), budget %d KB:', BUDGET_KB);
console.table(
  rows.map((r) => ({
    route: r.route,
    'critical KB': kb(r.critical),
    'critical within budget': r.critical <= BUDGET_KB * 1024 ? 'yes' : 'NO',
    'until idle: files': r.files,
    'until idle KB': kb(r.gzip),
  })),
);
// Every route as a first route (a deep link): the critical path from the manifest alone.
const everyRoute = Object.keys(PAGE_SOURCES)
  .map((route) => ({ route, kb: critical(route).reduce((n, f) => n + gz(f), 0) / 1024 }))
  .sort((a, b) => b.kb - a.kb);
const over = everyRoute.filter((r) => r.kb > BUDGET_KB);
console.log(
  `Every route with its own page (${everyRoute.length}): critical path at most ${everyRoute[0]?.kb.toFixed(1)} KB (${everyRoute[0]?.route}), ` +
    `${over.length ? `over budget: ${over.map((r) => r.route).join(', ')}` : 'all within budget'}`,
);
console.table(everyRoute.slice(0, 5).map((r) => ({ route: r.route, 'critical KB': r.kb.toFixed(1) })));
console.log(`Precache: ${precache.length} entries, ${kb(precacheRaw)} KB raw, ${kb(precacheGz)} KB gzipped`);
console.log(`Service worker: ${kb(Buffer.byteLength(sw))} KB raw, ${kb(gzipSync(sw).length)} KB gzipped`);
