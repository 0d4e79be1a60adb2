// The JavaScript a first visit of each route asks for before its first screen, read from the build
// exactly as the server answers it (scripts/build/first-load.ts, server/static.ts): the HTML is the
// route's prerendered screen for a signed-out visitor, or index.html naming the route's chunks for
// a member; the browser then requests the entry script and every modulepreload in it, and nothing
// more until the screen is up (boot work loads after). Each route is counted for the visitor who
// can land on it (signed out where the guards show it to a signed-out visitor, else a member).
// Budget per route: 140 KB gzipped for the screen's own JavaScript (the entry, the app, the page
// and what it imports), and the issue's 6 requests; the sync engine, which the screens that act
// through it (sign-in, registration) also name in their HTML, is shown beside it. Sizes: gzip -9
// (the budget's unit) and brotli (what the server sends Chromium). `bench/loading.bench.ts` measures real visits in
// Chromium; this one reads the build, fast, for every route.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildIfStale, DIST } from '../scripts/build-if-stale';
import type { BuildPlan } from '../scripts/build/first-load';

const BUDGET_KB = 140;
const MAX_REQUESTS = 6;
const kb = (n: number) => (n / 1024).toFixed(1);

buildIfStale();
const read = (file: string) => readFileSync(join(DIST, file.replace(/^\//, '')));
const plan = JSON.parse(read('club-routes.json').toString()) as BuildPlan;
const shell = read('index.html').toString();
const sizes = new Map<string, { gz: number; br: number }>();
function size(file: string) {
  let s = sizes.get(file);
  if (!s) {
    const body = read(file);
    s = {
      gz: gzipSync(body, { level: 9 }).length,
      br: existsSync(join(DIST, `${file.replace(/^\//, '')}.br`))
        ? read(`${file}.br`).length
        : brotliCompressSync(body).length,
    };
    sizes.set(file, s);
  }
  return s;
}
const scriptsOf = (html: string) => [
  ...new Set(
    [...html.matchAll(/<(?:script[^>]*src|link rel="modulepreload"[^>]*href)="(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1]!,
    ),
  ),
];

interface Row {
  route: string;
  visitor: string;
  html: string;
  files: string[];
}
const rows: Row[] = [];
for (const r of plan.routes) {
  const shownSignedOut = (['00', '01'] as const).some((k) => 'show' in r.visit[k]);
  if (shownSignedOut) {
    const html = r.prerendered
      ? read(r.prerendered).toString()
      : shell.replace(
          '</head>',
          r.preload.out.map((f) => `<link rel="modulepreload" href="${f}">`).join('') + '</head>',
        );
    rows.push({
      route: r.path,
      visitor: 'signed out',
      html: r.prerendered ? 'prerendered' : 'index.html',
      files: scriptsOf(html),
    });
  }
  if ((['10', '11'] as const).some((k) => 'show' in r.visit[k])) {
    const html = shell.replace(
      '</head>',
      r.preload.in.map((f) => `<link rel="modulepreload" href="${f}">`).join('') + '</head>',
    );
    rows.push({ route: r.path, visitor: 'member', html: 'index.html', files: scriptsOf(html) });
  }
}
const total = (files: string[], k: 'gz' | 'br') => files.reduce((n, f) => n + size(f)[k], 0);
/** The sync engine's chunk (boot work; scripts/build/chunks.ts names it). */
const isSync = (f: string) => /\/sync-[^/]+\.js$/.test(f);
const screenOnly = (files: string[]) => files.filter((f) => !isSync(f));

// A new visitor at /: the server redirects (the plan's decision for "00") and the screen is the target's.
const rootVisit = plan.routes.find((r) => r.path === '/')!.visit['00'];
const landing = 'redirect' in rootVisit ? rootVisit.redirect.split('?')[0]! : '/';
const first = rows.find((r) => r.route === landing && r.visitor === 'signed out');
if (first) {
  console.log(
    `A new visitor at / is sent to ${landing} by the server before any script, and gets its ${first.html} HTML; before that screen is usable:`,
  );
  console.log(
    `  ${first.files.length} JS requests, ${kb(total(first.files, 'gz'))} KB gzip (${kb(total(first.files, 'br'))} KB brotli): ${first.files.map((f) => f.replace('/assets/', '')).join(', ')} (target: 6 requests, 100 KB)`,
  );
}

const table = rows
  .map((r) => ({
    route: r.route,
    visitor: r.visitor,
    html: r.html,
    requests: r.files.length,
    gz: total(screenOnly(r.files), 'gz'),
    br: total(screenOnly(r.files), 'br'),
    withSync: total(r.files, 'gz'),
  }))
  .sort((a, b) => b.gz - a.gz);
const overSize = table.filter((r) => r.gz > BUDGET_KB * 1024);
// the request budget is a signed-out visitor's (a new visitor, /auth): a member's screen
// names its chunks in the HTML, all fetched at once, and is held to the size budget only.
const overRequests = table.filter((r) => r.visitor === 'signed out' && r.requests > MAX_REQUESTS);
console.log(
  `\nFirst-screen JavaScript of every route (${table.length} first visits), budget ${BUDGET_KB} KB gzip (and ${MAX_REQUESTS} requests for a signed-out visitor):`,
);
console.table(
  table.map((r) => ({
    route: r.route,
    visitor: r.visitor,
    HTML: r.html,
    'JS requests': r.requests,
    'screen KB gzip': kb(r.gz),
    'screen KB brotli': kb(r.br),
    'with sync KB gzip': r.withSync > r.gz ? kb(r.withSync) : '',
    [`≤ ${BUDGET_KB} KB`]: r.gz <= BUDGET_KB * 1024 ? 'yes' : 'NO',
    [`≤ ${MAX_REQUESTS} requests`]: r.visitor !== 'signed out' ? '—' : r.requests <= MAX_REQUESTS ? 'yes' : 'NO',
  })),
);
console.log(
  `Within ${BUDGET_KB} KB: ${table.length - overSize.length} of ${table.length}` +
    (overSize.length
      ? `; over it: ${overSize.map((r) => `${r.route} (${r.visitor}, ${kb(r.gz)} KB)`).join(', ')}`
      : ''),
);
console.log(
  overRequests.length
    ? `Signed-out first visits over ${MAX_REQUESTS} requests: ${overRequests.map((r) => `${r.route} (${r.requests})`).join(', ')}`
    : `Every signed-out first visit within ${MAX_REQUESTS} requests.`,
);

console.log('\nChunks:');
const chunkFiles = [...new Set(rows.flatMap((r) => r.files))].sort((a, b) => size(b).gz - size(a).gz);
console.table(
  chunkFiles.map((f) => ({
    chunk: f.replace('/assets/', ''),
    'KB gzip': kb(size(f).gz),
    'KB brotli': kb(size(f).br),
    'first screens using it': rows.filter((r) => r.files.includes(f)).length,
  })),
);

// The precache: what a first visit's service worker downloads after the screen is up.
const sw = read('sw.js').toString();
const precache = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
const twice = precache.filter((u, i) => precache.indexOf(u) !== i);
const TEXT = /\.(js|css|html|svg|json)$/;
const wire = (f: string) => (TEXT.test(f) ? size(`/${f}`).gz : read(f).length);
// Its two groups (scripts/build/precache-groups.ts): install, and later (when the connection allows).
const later = new Set(
  [...sw.matchAll(/\{[^{}]*"url":"([^"]+)"[^{}]*\}/g)].filter((m) => m[0].includes('"later":true')).map((m) => m[1]!),
);
const groupKb = (inLater: boolean) =>
  kb(precache.filter((f) => later.has(f) === inLater).reduce((n, f) => n + wire(f), 0));
console.log(
  `\nPrecache: ${precache.length} entries, ${kb(precache.reduce((n, f) => n + wire(f), 0))} KB on the wire (text gzipped, images as they are)` +
    `${twice.length ? `; listed twice: ${[...new Set(twice)].join(', ')}` : '; each file once'}` +
    `\n  install group ${precache.length - later.size} entries, ${groupKb(false)} KB; later group (when the connection allows) ${later.size} entries, ${groupKb(true)} KB`,
);
console.log(`Service worker: ${kb(Buffer.byteLength(sw))} KB raw, ${kb(gzipSync(sw).length)} KB gzipped`);
