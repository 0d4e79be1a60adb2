// What a first visit costs on the wire, the service worker's precache included, split
// by the precache's groups (scripts/build/precache-groups.ts): the install group (the shell and the
// screens a member reaches next) and the later group (other screens, the camera decoder, the
// prerendered pages), which the worker fetches when the connection allows (sw/precache-later.ts).
//
// A new visitor opens / in a fresh profile (390x844, the production server) and stays on it, idle,
// for PRECACHE_WATCH_S seconds (default 60); counted are the page's own requests (Resource Timing
// and the navigation) and the worker's (Playwright), in bytes on the wire (encoded body + headers).
// Three connections:
// - Slow 4G (Lighthouse's devtools throttling on the page): Chromium's Network Information then
//   reports effectiveType '3g', a poor connection: the later group waits;
// - unknown: the same throttling, with no Network Information (as in Safari and Firefox): the later
//   group comes one small batch each time the page has been idle a while;
// - good (no throttling, Network Information '4g'): the later group right after install.
// As in Lighthouse, the service worker's own requests are not throttled (its bytes are the same).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { tmpdir } from 'node:os';
import { buildIfStale, DIST } from '../scripts/build-if-stale';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/support/chromium';
import { startServer, type RunningServer } from '../tests/e2e/support/server';

const WATCH_S = Math.max(10, Number(process.env.PRECACHE_WATCH_S ?? 60));
const SLOW_4G = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const NO_NETWORK_INFORMATION = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => undefined });`;

interface Entry {
  url: string;
  later: boolean;
}

/** The worker's precache list, as the build wrote it into sw.js. */
function precacheList(): Entry[] {
  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
  return [...sw.matchAll(/\{[^{}]*"url":"([^"]+)"[^{}]*\}/g)].map((m) => ({
    url: m[1]!,
    later: m[0].includes('"later":true'),
  }));
}

interface Tally {
  n: number;
  bytes: number;
}
const tally = (): Tally => ({ n: 0, bytes: 0 });
const add = (t: Tally, bytes: number) => {
  t.n += 1;
  t.bytes += bytes;
};

interface Visit {
  connection: string;
  page: Tally;
  install: Tally;
  later: Tally;
  otherSw: Tally;
  /** Later-group files fetched by the end of each 10 s of the watch. */
  laterBy: number[];
}

async function firstVisit(
  server: RunningServer,
  entries: Entry[],
  connection: 'slow4g' | 'unknown' | 'good',
): Promise<Visit> {
  const profile = mkdtempSync(join(tmpdir(), 'club-bench-precache-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'uk-UA',
  });
  try {
    if (connection === 'unknown') await context.addInitScript({ content: NO_NETWORK_INFORMATION });
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (connection !== 'good') await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    const group = new Map(entries.map((e) => [`${server.url}/${e.url}`, e.later]));
    const v: Visit = { connection, page: tally(), install: tally(), later: tally(), otherSw: tally(), laterBy: [] };
    const pending: Array<Promise<void>> = [];
    context.on('requestfinished', (req) => {
      if (!req.serviceWorker()) return;
      pending.push(
        req.sizes().then(
          (s) => {
            const bytes = s.responseBodySize + s.responseHeadersSize;
            const url = req.url().split('?')[0]!;
            const later = group.get(url);
            add(later === undefined ? v.otherSw : later ? v.later : v.install, bytes);
          },
          () => undefined,
        ),
      );
    });
    await page.goto(server.url + '/', { waitUntil: 'load', timeout: 120_000 });
    for (let s = 10; s <= WATCH_S; s += 10) {
      await page.waitForTimeout(10_000);
      await Promise.all(pending);
      v.laterBy.push(v.later.n);
    }
    const own = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (e) => e.workerStart === 0,
      );
      return [nav.transferSize, ...res.map((e) => e.transferSize)];
    });
    for (const b of own) add(v.page, b);
    return v;
  } finally {
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
}

buildIfStale();
const entries = precacheList();
const gz = (file: string) => gzipSync(readFileSync(join(DIST, file))).length;
const sizes = (later: boolean) => {
  const files = entries.filter((e) => e.later === later);
  return { files: files.length, gzKb: files.reduce((n, e) => n + gz(e.url), 0) / 1024 };
};
const built = { install: sizes(false), later: sizes(true) };
console.log(
  `Precache list: install group ${built.install.files} files, ${built.install.gzKb.toFixed(0)} KB gzip; later group ${built.later.files} files, ${built.later.gzKb.toFixed(0)} KB gzip (files gzipped here, as a guide).`,
);

const server = await startServer({
  NODE_ENV: 'production',
  SANDBOXES: 'liqpay,sms,test-login,age-check',
  SEED: 'demo',
  PUBLIC_URL: 'http://localhost',
  METRICS_TOKEN: 'bench',
});
const visits: Visit[] = [];
try {
  for (const c of ['slow4g', 'unknown', 'good'] as const) {
    try {
      visits.push(await firstVisit(server, entries, c));
    } catch (e) {
      console.log(`  ${c}: did not finish: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    }
  }
} finally {
  await server.dispose();
}

const kb = (t: Tally) => `${t.n} req, ${(t.bytes / 1024).toFixed(0)} KB`;
const NAMES = {
  slow4g: 'Slow 4G (Network Information: 3g)',
  unknown: 'Slow 4G, no Network Information',
  good: 'unthrottled (4g)',
} as Record<string, string>;
console.log(
  `A new visitor's first visit of /, idle on it ${WATCH_S} s: bytes on the wire (body + headers), one run each.`,
);
console.table(
  visits.map((v) => ({
    connection: NAMES[v.connection],
    'page (document, its files)': kb(v.page),
    'precache install group': kb(v.install),
    'precache later group': `${kb(v.later)} of ${built.later.files}`,
    'worker, other': kb(v.otherSw),
    total: kb({
      n: v.page.n + v.install.n + v.later.n + v.otherSw.n,
      bytes: v.page.bytes + v.install.bytes + v.later.bytes + v.otherSw.bytes,
    }),
    'later files by 10 s steps': v.laterBy.join(' '),
  })),
);
console.log('The machine is shared: its load moves the timing of the batches, not the bytes.');
