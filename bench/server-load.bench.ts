// The real server under load: the app on loopback in this process, on the Node listener main.ts serves it with, configured as production runs it
// (NODE_ENV=production, so the development-only response checks are off and the SQLite file is
// locked for the server alone), over a freshly seeded SQLite database (WAL, synchronous=FULL) in a
// temp dir. The load generator (autocannon) runs in a separate child process, not in a worker
// thread of this one, and each is pinned to a CPU of its own (pinApart): they share nothing of
// each other's process or core, and the server process's CPU time per request (printed) counts the
// server alone, a figure the other load on a shared machine disturbs far less than requests/s. Compares a bare Hono route
// with get-balance, get-products-by-collection and create-order (a fresh Idempotency-Key each, cash
// orders so they keep succeeding). Every row gets the same warm-up and number of connections.
// Targets of the issue: reads at least half the bare route's rate, create-order above 1,000/s.
// Prints figures; never fails on them.
//   BENCH_SECONDS (4), BENCH_ROUNDS (5), BENCH_CONNECTIONS (16), BENCH_CASES (names, comma separated),
//   BENCH_PIN=0 (leave CPU placement to the scheduler).
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Give every request its own Idempotency-Key. */
  freshKey: boolean;
  seconds: number;
  connections: number;
}

interface LoadResult {
  rate: number;
  total: number;
  p99: number;
  bad: number;
  /** CPU time of the load generator's process per request, µs. */
  clientCpu: number;
}

/** The child process: runs each job it is sent with autocannon on its own thread and answers the figures. */
function client(): void {
  process.on('message', (job: LoadJob) => {
    const opts: autocannon.Options = {
      url: job.url,
      connections: job.connections,
      duration: job.seconds,
      requests: [
        {
          method: job.method,
          headers: job.headers,
          ...(job.body === undefined ? {} : { body: job.body }),
          ...(job.freshKey
            ? {
                setupRequest: (req: autocannon.Request) => ({
                  ...req,
                  headers: { ...req.headers, 'idempotency-key': randomUUID() },
                }),
              }
            : {}),
        },
      ],
    };
    const cpu0 = process.cpuUsage();
    void autocannon(opts).then((r) => {
      const cpu = process.cpuUsage(cpu0);
      const result: LoadResult = {
        rate: r.requests.average,
        total: r.requests.total,
        p99: r.latency.p99,
        bad: r.non2xx + r.errors + r.timeouts,
        clientCpu: r.requests.total ? (cpu.user + cpu.system) / r.requests.total : 0,
      };
      process.send?.(result);
    });
  });
}

/**
 * Pins the server's process to CPU 0 and the load generator's to CPU 1 (every thread of each), as
 * when clients are other machines: neither then takes the other's core, and the rounds vary far
 * less. Needs `taskset` (util-linux) and two CPUs; without them the scheduler places both.
 */
function pinApart(server: number, loadGenerator: number | undefined): boolean {
  if (os.cpus().length < 2 || loadGenerator === undefined || process.env.BENCH_PIN === '0') return false;
  try {
    execFileSync('taskset', ['-a', '-cp', '0', String(server)], { stdio: 'ignore' });
    execFileSync('taskset', ['-a', '-cp', '1', String(loadGenerator)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (process.env.SERVER_LOAD_ROLE === 'client') {
  client();
} else {
  await main();
}

async function main(): Promise<void> {
  const { createApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config');
  const { buildDeps } = await import('../server/deps');
  const { listen: listenApp } = await import('../server/http/node-listener');
  const { listenerOptions } = await import('../server/http/listener-options');

  const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
  const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
  const WANTED = (process.env.BENCH_CASES ?? '').split(',').filter(Boolean);
  const API_KEY = 'bench-key';

  const dir = mkdtempSync(join(tmpdir(), 'club-load-'));
  // The demo (a staging choice in production) gives the signed-in member and the catalogue.
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    METRICS_TOKEN: 'bench',
    API_KEY,
    SQLITE_PATH: join(dir, 'club.db'),
    SEED: 'demo',
    SANDBOXES: 'liqpay,sms,test-login,age-check',
  });
  if (config.checkResponses) throw new Error('the bench must run the server as production does: response checks off');
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
  // A second reference of the catalogue call's own shape: a JSON POST body read, and the same
  // bytes answered (filled in below, once the real answer is known).
  let catalogueBytes = new Uint8Array();
  let catalogueEncoding: string | null = null;
  bare.post('/same-shape', async (c) => {
    await c.req.json();
    const type = { 'content-type': 'application/json; charset=UTF-8' };
    return c.body(catalogueBytes, 200, catalogueEncoding ? { ...type, 'content-encoding': catalogueEncoding } : type);
  });
  const reference = await listen(bare.fetch);
  const app = createApp(deps);
  // The app as server/main.ts serves it (its own Node listener); the references on the adapter's stock server.
  // As server/main.ts listens: with the body limits and headers.
  const served = await listenApp(app.fetch, 0, '127.0.0.1', listenerOptions(config));
  const api = { url: `http://127.0.0.1:${served.port}`, stop: () => served.server.close() };

  const signIn = await fetch(`${api.url}/api/api-auth/test-login`, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ phone: config.testPhones[0] }),
  });
  const session = (await signIn.json()) as { token?: string };
  if (!session.token) throw new Error(`test-login failed: ${signIn.status}`);
  // What the app sends, as a browser does (every browser accepts gzip).
  const headers = {
    'x-api-key': API_KEY,
    authorization: `Bearer ${session.token}`,
    'content-type': 'application/json',
    'accept-encoding': 'gzip, deflate, br, zstd',
  };

  const amber = await deps.db
    .selectFrom('products')
    .select('variant_id')
    .where('sku', '=', 'sticks-amber-20')
    .executeTakeFirstOrThrow();
  const orderBody = JSON.stringify({
    order: { line_items: [{ variant_id: amber.variant_id, quantity: 1 }] },
    delivery: { method: 1, city: 'Київ', branch: 'Відділення №12: вул. Хрещатик, 22' },
    payment: 1,
  });

  interface Case {
    name: string;
    url: string;
    method: 'GET' | 'POST';
    body?: string;
    freshKey?: boolean;
  }
  const allCases: Case[] = [
    { name: 'bare Hono route', url: `${reference.url}/ping`, method: 'GET' },
    { name: 'get-balance', url: `${api.url}/api/get-balance?v=glo`, method: 'GET' },
    {
      name: 'bare Hono POST, catalogue-sized answer',
      url: `${reference.url}/same-shape`,
      method: 'POST',
      body: JSON.stringify({ collectionId: 270101 }),
    },
    {
      name: 'get-products-by-collection',
      url: `${api.url}/api/api-shop/get-products-by-collection`,
      method: 'POST',
      body: JSON.stringify({ collectionId: 270101 }),
    },
    {
      name: 'create-order (cash)',
      url: `${api.url}/api/api-shop/create-order`,
      method: 'POST',
      body: orderBody,
      freshKey: true,
    },
  ];
  const cases = allCases.filter(
    (c) => c.name.startsWith('bare') || WANTED.length === 0 || WANTED.some((w) => c.name.startsWith(w)),
  );

  let jsonBytes = 0;
  // Each case answers what it should before it is timed.
  for (const c of cases) {
    const res = await fetch(c.url, {
      method: c.method,
      headers: {
        ...(c.name.startsWith('bare') ? {} : headers),
        ...(c.freshKey ? { 'idempotency-key': randomUUID() } : {}),
      },
      body: c.body,
    });
    if (res.status !== 200) throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
    if (c.name === 'get-products-by-collection') {
      // The bytes as sent (fetch would decompress them): what the bare route answers too.
      const raw = await app.request(c.url.slice(api.url.length), { method: c.method, headers, body: c.body });
      catalogueEncoding = raw.headers.get('content-encoding');
      catalogueBytes = new Uint8Array(await raw.arrayBuffer());
      jsonBytes = (await res.arrayBuffer()).byteLength;
    }
  }

  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SERVER_LOAD_ROLE: 'client' },
  });
  const pinned = pinApart(process.pid, child.pid);
  const load = (c: Case, seconds: number) =>
    new Promise<LoadResult & { cpuPerRequest: number }>((resolve, reject) => {
      const cpu0 = process.cpuUsage();
      const onExit = (code: number | null) => reject(new Error(`the load generator exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (m: LoadResult) => {
        child.off('exit', onExit);
        const cpu = process.cpuUsage(cpu0);
        resolve({ ...m, cpuPerRequest: m.total ? (cpu.user + cpu.system) / m.total : 0 });
      });
      const job: LoadJob = {
        url: c.url,
        method: c.method,
        headers: c.name.startsWith('bare') ? {} : headers,
        ...(c.body === undefined ? {} : { body: c.body }),
        freshKey: c.freshKey === true,
        seconds,
        connections: CONNECTIONS,
      };
      child.send(job);
    });

  const loadBefore = os.loadavg();
  // Warm-up of every case with the same connections: JIT, statement caches, page cache, the client.
  for (const c of cases) await load(c, 2);

  // The machine is shared: each case runs in several rounds, interleaved with the bare route, and
  // the median round counts; the ratio compares a case with the bare route of the same round.
  const samples = new Map<
    string,
    Array<{ rate: number; p99: number; bad: number; ratio: number; cpu: number; clientCpu: number }>
  >();
  for (let round = 0; round < ROUNDS; round += 1) {
    let bareRate = 0;
    for (const c of cases) {
      const r = await load(c, SECONDS);
      if (c.name === 'bare Hono route') bareRate = r.rate;
      const list = samples.get(c.name) ?? [];
      list.push({
        rate: r.rate,
        p99: r.p99,
        bad: r.bad,
        ratio: bareRate ? r.rate / bareRate : 1,
        cpu: r.cpuPerRequest,
        clientCpu: r.clientCpu,
      });
      samples.set(c.name, list);
    }
  }
  child.kill();
  const loadAfter = os.loadavg();

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const rows: Record<
    string,
    {
      'requests/s': number;
      'p99 ms': number;
      'non-2xx': number;
      'ratio to bare': number;
      'server CPU µs/req': number;
      'load gen. CPU µs/req': number;
      rounds: string;
    }
  > = {};
  for (const [name, list] of samples) {
    rows[name] = {
      'requests/s': Math.round(median(list.map((x) => x.rate))),
      'p99 ms': median(list.map((x) => x.p99)),
      'non-2xx': list.reduce((n, x) => n + x.bad, 0),
      'ratio to bare': +median(list.map((x) => x.ratio)).toFixed(2),
      'server CPU µs/req': Math.round(median(list.map((x) => x.cpu))),
      'load gen. CPU µs/req': Math.round(median(list.map((x) => x.clientCpu))),
      rounds: list.map((x) => Math.round(x.rate)).join(' / '),
    };
  }
  const orders = await deps.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();

  const la = (l: number[]) => l.map((x) => x.toFixed(1)).join(' ');
  console.log(
    `${ROUNDS} rounds of ${SECONDS} s each (medians), ${CONNECTIONS} connections for every row after a 2 s warm-up, loopback; ` +
      `server as in production (NODE_ENV=production: response checks off) in this process, ` +
      `SQLite (WAL, synchronous=FULL, ${config.sqliteExclusive ? 'exclusive' : 'normal'} locking) in ${dir}; ` +
      `autocannon in a separate child process; ${os.cpus().length} CPUs, ${pinned ? 'server on CPU 0 and load generator on CPU 1' : 'not pinned to CPUs'}; ` +
      `load average ${la(loadBefore)} before, ${la(loadAfter)} after`,
  );
  console.table(rows);
  const read = ['get-balance', 'get-products-by-collection'].map((n) => rows[n]).filter((r) => r !== undefined);
  const sameShape = samples.get('bare Hono POST, catalogue-sized answer');
  const collection = samples.get('get-products-by-collection');
  if (sameShape && collection) {
    const ratio = median(collection.map((x, i) => x.rate / (sameShape[i]?.rate || x.rate)));
    console.log(
      `get-products-by-collection against the bare POST route answering the same ${(catalogueBytes.length / 1024).toFixed(1)} KB ` +
        `(${catalogueEncoding ?? 'uncompressed'}; ${(jsonBytes / 1024).toFixed(1)} KB of JSON): ${ratio.toFixed(2)} ` +
        `(the issue's target is against the bare GET route above)`,
    );
  }
  const order = rows['create-order (cash)'];
  console.log(
    `reads at ≥ 0.5 of bare: ${!read.length ? 'not run' : read.every((r) => r['ratio to bare'] >= 0.5) ? 'met' : 'missed'}; ` +
      `create-order > 1,000/s: ${!order ? 'not run' : order['requests/s'] > 1000 ? 'met' : 'missed'}; orders in the database: ${orders.n}`,
  );

  reference.stop();
  api.stop();
  await close();
  rmSync(dir, { recursive: true, force: true });
}
