// This outbox against workbox-background-sync's Queue: the same analytics events replayed to the
// same server under the same seeded faults (answers lost after the server applied them, 503s, the
// page killed mid-replay = a fresh instance over the same IndexedDB). Prints mutations lost and
// duplicated, requests and wall time, first in Node (fake-indexeddb, server in process), then in
// headless Chromium (real IndexedDB, server on loopback). Never asserts.
// Each half: a warm-up round of the same size, then BENCH_ROUNDS (3) measured rounds with the
// contestants in turn; times are medians. BENCH_NODE=0 / BENCH_BROWSER=0 skip a half;
// BENCH_MUTATIONS / BENCH_BROWSER_MUTATIONS set the sizes (1000 each, as the issue compares).
import 'fake-indexeddb/auto';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/support/chromium';
import type { Contestant, Run } from './outbox-contest';
import { outboxServer } from './outbox-server';

const N = Number(process.env.BENCH_MUTATIONS ?? 1000);
const N_BROWSER = Number(process.env.BENCH_BROWSER_MUTATIONS ?? 1000);
const API_KEY = 'bench-key';
process.env.NODE_ENV = 'production'; // Workbox's dev logging off
Object.assign(globalThis, { self: globalThis, registration: {} }); // Workbox expects a worker scope
const { KILL_EVERY, runOurs, runOursTwoDevices, runWorkbox, runWorkboxTwoDevices } = await import('./outbox-contest');

const { app, db, contestant, close } = await outboxServer(API_KEY);

/** What the server stored: each event's page_url once is right; missing is lost, more is duplicated. */
async function outcome(c: { memberId: number; n: number }) {
  const rows = await db.selectFrom('analytics_events').select('payload').where('member_id', '=', c.memberId).execute();
  const counts = new Map<string, number>();
  for (const r of rows) {
    const url = (JSON.parse(r.payload) as { data: { page_url: string } }).data.page_url;
    counts.set(url, (counts.get(url) ?? 0) + 1);
  }
  return { lost: c.n - counts.size, duplicated: [...counts.values()].reduce((a, k) => a + k - 1, 0) };
}

type Who = 'this outbox' | 'workbox Queue' | 'workbox Queue + Idempotency-Key';
const WHO: readonly Who[] = ['this outbox', 'workbox Queue', 'workbox Queue + Idempotency-Key'];

/** Measured rounds (BENCH_ROUNDS, default 3); each contestant's median is reported. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * A warm-up round of the same size (JIT tiers, lazily loaded classes: a first round of 1,000 runs
 * up to twice as long), not reported; then ROUNDS measured rounds, the
 * order of the contestants turning each round (whoever goes first finds a fresh heap, whoever
 * goes last a bigger server database). Outcomes (lost, duplicated, requests, restarts) are the
 * same every round, the fault plan being seeded; times are medians, each round listed.
 */
async function contest(n: number, origin: string, run: (who: Who, c: Contestant) => Promise<Run>) {
  for (const [i, who] of WHO.entries()) await run(who, await contestant(`warm-${i}-${origin.length}`, n, origin));
  const runs = new Map<Who, Array<Run & { lost: number; duplicated: number }>>(WHO.map((w) => [w, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let k = 0; k < WHO.length; k += 1) {
      const who = WHO[(round + k) % WHO.length]!;
      const c = await contestant(`r${round}-${k}-${origin.length}`, n, origin);
      const r = await run(who, c);
      runs.get(who)!.push({ ...r, ...(await outcome(c)) });
    }
  }
  const table: Record<string, object> = {};
  for (const [who, rs] of runs) {
    const last = rs[rs.length - 1]!;
    const ms = median(rs.map((r) => r.ms));
    table[who] = {
      lost: last.lost,
      duplicated: last.duplicated,
      requests: last.requests,
      restarts: last.restarts,
      'wall ms': Math.round(ms),
      'ms per mutation': +(ms / n).toFixed(2),
      'ms awaiting network': Math.round(median(rs.map((r) => r.netMs))),
      ...(last.cpuMs === null ? {} : { 'cpu ms': Math.round(median(rs.map((r) => r.cpuMs ?? 0))) }),
      rounds: rs.map((r) => Math.round(r.ms)).join(' '),
    };
  }
  return table;
}

const inProcess = (input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(app.request(input, init));
const play = (who: Who, c: Contestant, f: typeof inProcess) =>
  who === 'this outbox' ? runOurs(c, f) : runWorkbox(c, f, who === 'workbox Queue + Idempotency-Key');
console.log(`Faults by request number: 5 % answers lost, 5 % 503, the page killed every ${KILL_EVERY} requests.`);
console.log(
  `Wall ms: median of ${ROUNDS} rounds after a warm-up, contestants in turn. "ms awaiting network" includes, in Node, whatever else runs meanwhile.`,
);
if (process.env.BENCH_NODE !== '0') {
  console.log(`\nNode, fake-indexeddb, server in process: ${N} analytics events`);
  console.table(await contest(N, 'http://local', (who, c) => play(who, c, inProcess)));
}

if (process.env.BENCH_TWO_DEVICES !== '0') {
  // Two devices of one member, both offline, then back online: changes lost (target 0).
  const PER = Number(process.env.BENCH_TWO_DEVICES_PER ?? 50);
  console.log(
    `\nTwo devices of one member (Node, server in process): ${PER} favourites added offline on each, then replayed`,
  );
  const rows: Record<string, object> = {};
  for (const together of [false, true]) {
    const how = together ? 'at once' : 'one after the other';
    const ours = await runOursTwoDevices(
      await contestant(`two-ours-${how}`, PER, 'http://local'),
      inProcess,
      PER,
      together,
    );
    const wb = await runWorkboxTwoDevices(
      await contestant(`two-wb-${how}`, PER, 'http://local'),
      inProcess,
      PER,
      together,
    );
    rows[`this outbox, ${how}`] = {
      'changes lost': ours.lost,
      of: 2 * PER,
      requests: ours.requests,
      '412 met': ours.conflicts,
    };
    rows[`workbox Queue, ${how}`] = {
      'changes lost': wb.lost,
      of: 2 * PER,
      requests: wb.requests,
      '412 met': wb.conflicts,
    };
  }
  console.table(rows);
  console.log(
    "Target: 0 changes lost. Workbox replays each device's whole requests, so the last device to replay overwrites the other.",
  );
}

if (process.env.BENCH_BROWSER !== '0') {
  const js = (
    await build({
      stdin: {
        contents:
          "import * as contest from './bench/outbox-contest'; Object.assign(window, { registration: {}, contest });",
        loader: 'ts',
        resolveDir: process.cwd(),
      },
      bundle: true,
      write: false,
      format: 'esm',
      minify: true,
      define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': '{}' },
      logLevel: 'error',
    })
  ).outputFiles[0]!.text;
  const html = '<!doctype html><meta charset="utf-8"><script type="module" src="/bench.js"></script>';
  const server = serve({
    fetch: (req: Request) => {
      const path = new URL(req.url).pathname;
      if (path === '/') return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      if (path === '/bench.js') return new Response(js, { headers: { 'content-type': 'text/javascript' } });
      return app.fetch(req);
    },
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise((r) => server.once('listening', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'contest' in window);
    console.log(
      `\nHeadless Chromium ${browser.version()}, real IndexedDB, server on loopback: ${N_BROWSER} analytics events`,
    );
    const table = await contest(N_BROWSER, origin, (who, c) =>
      page.evaluate(
        ([w, cc]) => {
          const { contest: k } = window as unknown as { contest: typeof import('./outbox-contest') };
          const real = window.fetch.bind(window);
          return w === 'this outbox'
            ? k.runOurs(cc, real)
            : k.runWorkbox(cc, real, w === 'workbox Queue + Idempotency-Key');
        },
        [who, c] as const,
      ),
    );
    console.table(table);
  } finally {
    await browser.close();
    server.close();
  }
}
await close();
