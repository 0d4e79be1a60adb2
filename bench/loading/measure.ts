// One measured load: a new tab, throttled (page and service worker), the probe installed, the
// navigation watched for WATCH_MS; then its figures, read from the page and from CDP.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';
import { newTab, throttle, watchRequests, type Phone } from './browser';
import { installProbe, readProbe, readResources, type Usable } from './probe';

/** Long tasks are watched this long after the navigation starts. */
export const WATCH_MS = 10_000;

export interface Loaded {
  fcp: number | null;
  lcp: number | null;
  lcpWhat: string;
  /** Every LCP entry: [ms, what]. */
  lcpSteps: Array<[number, string]>;
  usable: number | null;
  longest: number;
  tasks: number[][];
  /** JavaScript the page asked for before it was usable (before LCP without a usable check): files, gzip -9 KB of the built files, KB on the wire. */
  jsCount: number;
  jsGzipKb: number;
  jsWireKb: number;
  pageNet: number;
  pageSw: number;
  /** The LCP picture's request: sent and done, ms from the navigation, and its priority. */
  lcpPicture: { sent: number; done: number; priority: string } | null;
  /** Requests (page or service worker) started before the LCP picture arrived that the screen did not need. */
  unasked: string[];
  /** Requests of the service worker during the watch. */
  swCount: number;
  swKb: number;
  finalPath: string;
  verified: boolean | null;
}

const gzipOf = new Map<string, number>();
/** gzip -9 size of a built file (the bundle budget's measure, whatever encoding the wire used). */
function gzipKb(dist: string, path: string): number {
  const key = `${dist} ${path}`;
  let n = gzipOf.get(key);
  if (n === undefined) {
    try {
      n = gzipSync(readFileSync(join(dist, path)), { level: 9 }).length;
    } catch {
      n = 0;
    }
    gzipOf.set(key, n);
  }
  return n / 1024;
}

/** What the screen itself needs: what its HTML names (scripts, icons, the manifest), its pictures, stylesheets and fonts. */
function needed(url: string, html: string, origin: string): boolean {
  const u = new URL(url);
  if (u.origin !== origin || html.includes(`"${u.pathname}"`)) return true;
  return u.pathname.startsWith('/media/') || /\.(css|woff2)$/.test(u.pathname);
}

const short = (url: string) => new URL(url).pathname.replace(/-[\w-]{8}\.js$/, '.js').replace(/^\/assets\//, '');

export async function measuredLoad(phone: Phone, dist: string, url: string, usable: Usable): Promise<Loaded> {
  const page = await newTab(phone);
  await installProbe(page, usable);
  watchRequests(phone);
  const swFrom = phone.link.requests.length;
  await throttle(phone, true);
  const trace = process.env.LOADING_TRACE ? await startTrace(phone.cdp) : null;
  const startedAt = Date.now();
  const answer = await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  const html = (await answer?.text().catch(() => '')) ?? '';
  const left = WATCH_MS - (Date.now() - startedAt);
  if (left > 0) await page.waitForTimeout(left);
  if (trace) await trace.save(url);
  const [p, res, path] = await Promise.all([
    readProbe(page),
    readResources(page),
    page.evaluate(() => location.pathname),
  ]);
  await throttle(phone, false);

  const lcp = p.lcp.length ? p.lcp[p.lcp.length - 1]! : null;
  const cut = p.usable ?? lcp?.t ?? Infinity;
  const js = res.filter((r) => /\.m?js$/.test(r.path) && r.start <= cut);
  const doc = phone.requests.find((r) => r.type === 'Document');
  const t0 = doc?.sent ?? 0;
  const rel = (s: number | null) => (s === null ? Infinity : (s - t0) * 1000);
  const pic = lcp?.url ? phone.requests.find((r) => r.url === lcp.url) : undefined;
  const picDone = pic ? rel(pic.done) : null;
  const origin = new URL(url).origin;
  const sw = phone.link.requests.slice(swFrom);
  const unasked =
    picDone === null
      ? []
      : [
          ...phone.requests
            .filter((r) => r !== doc && rel(r.sent) < picDone && !needed(r.url, html, origin))
            .map((r) => `${short(r.url)} (${r.priority})`),
          ...sw
            .filter((r) => rel(r.sent) < picDone && !needed(r.url, html, origin))
            .map((r) => `worker: ${short(r.url)}`),
        ];
  return {
    fcp: p.fcp,
    lcp: lcp?.t ?? null,
    lcpWhat: lcp?.what ?? '',
    lcpSteps: p.lcp.map((l) => [Math.round(l.t), l.what]),
    usable: p.usable,
    longest: Math.max(0, ...p.longtasks.filter((t) => t.t < WATCH_MS).map((t) => t.d)),
    tasks: p.longtasks.map((t) => [Math.round(t.t), Math.round(t.d)]),
    jsCount: js.length,
    jsGzipKb: js.reduce((n, r) => n + gzipKb(dist, r.path), 0),
    jsWireKb: js.reduce((n, r) => n + (r.sw ? 0 : r.transfer), 0) / 1024,
    pageNet: res.filter((r) => !r.sw).length + 1,
    pageSw: res.filter((r) => r.sw).length,
    lcpPicture:
      pic && picDone !== null
        ? { sent: Math.round(rel(pic.sent)), done: Math.round(picDone), priority: pic.priority }
        : null,
    unasked,
    swCount: sw.length,
    swKb: sw.reduce((n, r) => n + r.bytes, 0) / 1024,
    finalPath: path,
    verified: null,
  };
}

/** `LOADING_TRACE=<dir>`: a Chromium performance trace of each measured load, for DevTools' Performance panel. */
export async function startTrace(cdp: CDPSession): Promise<{ save(url: string): Promise<void> }> {
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => void events.push(...e.value));
  const categories = [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'v8.execute',
    'blink.user_timing',
    'loading',
    'latencyInfo',
    'disabled-by-default-v8.cpu_profiler',
  ];
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories } });
  return {
    async save(url) {
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      const dir = process.env.LOADING_TRACE!;
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify(events));
      console.log(`  trace: ${file}`);
    },
  };
}
