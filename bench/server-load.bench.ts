// The real server under load: the app on loopback in this process with a freshly seeded SQLite
// database in a temp dir, the load generator (autocannon) in a worker thread. Compares a bare Hono
// route with get-balance, get-products-by-collection and create-order (a fresh Idempotency-Key
// each, cash orders so they keep succeeding). Targets of the issue: reads at least half the bare
// route's rate, create-order above 1,000/s. Prints figures; never fails on them.
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { buildDeps } from '../server/deps';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const API_KEY = 'bench-key';

const dir = mkdtempSync(join(tmpdir(), 'club-load-'));
const config = loadConfig({ NODE_ENV: 'production', API_KEY, SQLITE_PATH: join(dir, 'club.db'), SEED: 'true' });
const { deps, close } = await buildDeps(config);

function listen(fetch: (req: Request) => Response | Promise<Response>): Promise<{ url: string; stop: () => void }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, stop: () => server.close() }),
    );
  });
}

const bare = new Hono();
bare.get('/ping', (c) => c.json({ ok: true }));
const reference = await listen(bare.fetch);
const api = await listen(createApp(deps).fetch);

const signIn = await fetch(`${api.url}/api/api-auth/test-login`, {
  method: 'POST',
  headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
  body: JSON.stringify({ phone: config.testPhones[0] }),
});
const session = (await signIn.json()) as { token?: string };
if (!session.token) throw new Error(`test-login failed: ${signIn.status}`);
const headers = { 'x-api-key': API_KEY, authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };

const amber = await deps.db.selectFrom('products').select('variant_id').where('sku', '=', 'sticks-amber-20').executeTakeFirstOrThrow();
const orderBody = JSON.stringify({
  order: { line_items: [{ variant_id: amber.variant_id, quantity: 1 }] },
  delivery: { method: 1, city: 'Київ', branch: 'Відділення №12: вул. Хрещатик, 22' },
  payment: 1,
});
// The worker thread cannot take a function: it loads this file to give every order its own key.
const freshKey = join(dir, 'fresh-key.cjs');
writeFileSync(freshKey, "const { randomUUID } = require('node:crypto');\nmodule.exports = (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() } });\n");

interface Case {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  setupRequest?: string;
}
const cases: Case[] = [
  { name: 'bare Hono route', url: `${reference.url}/ping`, method: 'GET' },
  { name: 'get-balance', url: `${api.url}/api/get-balance?v=glo`, method: 'GET' },
  { name: 'get-products-by-collection', url: `${api.url}/api/api-shop/get-products-by-collection`, method: 'POST', body: JSON.stringify({ collectionId: 270101 }) },
  { name: 'create-order (cash)', url: `${api.url}/api/api-shop/create-order`, method: 'POST', body: orderBody, setupRequest: freshKey },
];

function run(c: Case, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: c.url,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
    requests: [{ method: c.method, headers: c.name.startsWith('bare') ? {} : headers, body: c.body, ...(c.setupRequest ? { setupRequest: c.setupRequest } : {}) }],
  } as autocannon.Options);
}

// The machine is shared: each case runs in several rounds, interleaved with the bare route, and
// the median round counts; the ratio compares a case with the bare route of the same round.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const samples = new Map<string, Array<{ rate: number; p99: number; bad: number; ratio: number }>>();
for (const c of cases) await run(c, 1); // warm-up: JIT, statement caches, page cache
for (let round = 0; round < ROUNDS; round += 1) {
  let bareRate = 0;
  for (const c of cases) {
    const r = await run(c, SECONDS);
    const rate = r.requests.average;
    if (c.name.startsWith('bare')) bareRate = rate;
    const list = samples.get(c.name) ?? [];
    list.push({ rate, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts, ratio: bareRate ? rate / bareRate : 1 });
    samples.set(c.name, list);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const rows: Record<string, { 'requests/s': number; 'p99 ms': number; 'non-2xx': number; 'ratio to bare': number; rounds: string }> = {};
for (const [name, list] of samples) {
  rows[name] = {
    'requests/s': Math.round(median(list.map((x) => x.rate))),
    'p99 ms': median(list.map((x) => x.p99)),
    'non-2xx': list.reduce((n, x) => n + x.bad, 0),
    'ratio to bare': +median(list.map((x) => x.ratio)).toFixed(2),
    rounds: list.map((x) => Math.round(x.rate)).join(' / '),
  };
}
const orders = await deps.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

console.log(`${ROUNDS} rounds of ${SECONDS} s each (medians), ${CONNECTIONS} connections, loopback; SQLite (WAL) in ${dir}; autocannon in a worker thread; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.table(rows);
const read = ['get-balance', 'get-products-by-collection'].map((n) => rows[n]);
const order = rows['create-order (cash)'];
console.log(`reads at ≥ 0.5 of bare: ${read.every((r) => (r?.['ratio to bare'] ?? 0) >= 0.5) ? 'met' : 'missed'}; create-order > 1,000/s: ${(order?.['requests/s'] ?? 0) > 1000 ? 'met' : 'missed'}; orders in the database: ${orders.n}`);

reference.stop();
api.stop();
await close();
rmSync(dir, { recursive: true, force: true });
