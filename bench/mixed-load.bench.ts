// Mixed member traffic against the real server process, on SQLite and on PostgreSQL:
// BENCH_LOAD_MEMBERS (50) members at once, each in a loop for BENCH_LOAD_SECONDS (60): browse a
// collection, refresh the cart's prices, scan a code, place a cash order, send feedback with a
// photo, read the XP history and the balance. Loopback only; it stops by itself (time and request
// count bounded). Prints requests/s, p50/p95/p99 per call, errors, and the server's memory at the
// start (after a warm-up) and at the end, beside the targets: zero errors, p99 < 50 ms for reads
// and < 150 ms for create-order, memory flat within 10 %, and the server's CPU time per request
// (the figure the machine's other load disturbs least). Never fails on them.
//   BENCH_LOAD_DBS (sqlite,postgres,lb: PostgreSQL through HAProxy, one instance beside two), BENCH_PG_URL (an existing PostgreSQL; otherwise a temporary
//   cluster is started when the binaries are there), BENCH_PIN=0 (no CPU pinning), BENCH_SERVER_PROF=<dir>
//   (the server's CPU profile written there).
import { execFileSync, fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { Balancer, buildServer, Instance } from '../scripts/ops/cluster';
import { freePort } from '../scripts/free-port';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const MEMBERS = Number(process.env.BENCH_LOAD_MEMBERS ?? 50);
const MAX_REQUESTS = 2_000_000;
const API_KEY = 'bench-key';
const WARMUP_MS = 5_000;

/** What each member does, and how often (weights). */
const MIX = [
  ['browse', 30],
  ['cart-refresh', 15],
  ['xp-history', 12],
  ['balance', 10],
  ['scan', 15],
  ['order', 10],
  ['feedback', 8],
] as const;
type Action = (typeof MIX)[number][0];
const READS: ReadonlySet<Action> = new Set(['browse', 'cart-refresh', 'xp-history', 'balance']);

interface Fixture {
  url: string;
  members: Array<{ token: string; feedbackToken: string; customerId: number; orders: number[]; codes: string[] }>;
  collections: number[];
  variantIds: number[];
  productIds: number[];
}

interface Stats {
  counts: Record<string, number>;
  errors: Record<string, number>;
  errorSamples: string[];
  latencies: Record<string, number[]>;
  seconds: number;
}

// ——— the load generator (a child process of its own) ———

/** A small real JPEG (the server checks what a photo is by its content). */
const PHOTO = Buffer.from(jpeg.encode({ data: Buffer.alloc(64 * 48 * 4, 0x80), width: 64, height: 48 }, 80).data);

/** A reply as the client reads it. */
interface Reply {
  status: number;
  text: string;
}

/**
 * The load generator's HTTP: node:http on kept-alive connections, one per member. (fetch costs
 * about three times the CPU a request: with it, the generator and not the server was the
 * bottleneck, and its own queueing showed up as the server's latency.)
 */
function httpClient(base: string, connections: number) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: Buffer): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}

/** A multipart/form-data body (what the app's feedback form sends), built once per request. */
function multipart(
  fields: Record<string, string>,
  file: { name: string; field: string; type: string; data: Buffer },
): { type: string; body: Buffer } {
  const boundary = `----club-load-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

async function client(f: Fixture): Promise<Stats> {
  const stats: Stats = { counts: {}, errors: {}, errorSamples: [], latencies: {}, seconds: 0 };
  const total = MIX.reduce((a, [, w]) => a + w, 0);
  const pick = (): Action => {
    let r = Math.random() * total;
    for (const [a, w] of MIX) if ((r -= w) < 0) return a;
    return 'browse';
  };
  const send = httpClient(f.url, f.members.length);
  const headers = (token: string, json = true): Record<string, string> => ({
    'x-api-key': API_KEY,
    authorization: `Bearer ${token}`,
    accept: 'application/json',
    ...(json ? { 'content-type': 'application/json' } : {}),
  });
  const post = (path: string, token: string, body: unknown, key?: string) =>
    send(
      'POST',
      path,
      { ...headers(token), ...(key ? { 'idempotency-key': key } : {}) },
      Buffer.from(JSON.stringify(body)),
    );
  let requests = 0;
  let warm = true;
  const t0 = performance.now();
  const until = t0 + WARMUP_MS + SECONDS * 1000;
  setTimeout(() => (warm = false), WARMUP_MS);
  const one = async (m: Fixture['members'][number], a: Action): Promise<Reply> => {
    const some = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    switch (a) {
      case 'browse':
        return post('/api/api-shop/get-products-by-collection', m.token, { collectionId: some(f.collections) });
      case 'cart-refresh': {
        const prods = Array.from({ length: 4 }, () => ({
          variant_id: some(f.variantIds),
          id: some(f.productIds),
          bonuses: 0,
        }));
        return post('/api/api-shop/get-products-by-id', m.token, { prods });
      }
      case 'xp-history':
        return send('GET', '/api/get-bonus-history?shop=glo', headers(m.token, false));
      case 'balance':
        return send('GET', '/api/get-balance?v=glo', headers(m.token, false));
      case 'scan':
        return post('/api/scan/scan-code', m.token, { code: m.codes.pop() }, randomUUID());
      case 'order':
        return post(
          '/api/api-shop/create-order',
          m.token,
          {
            order: { line_items: [{ quantity: 1, variant_id: some(f.variantIds) }] },
            delivery: { method: 1, city: 'Київ', branch: 'Відділення №12: вул. Хрещатик, 22' },
          },
          randomUUID(),
        );
      case 'feedback': {
        const form = multipart(
          { orderId: String(m.orders.pop()), rating: '5', text: 'Усе чудово' },
          { field: 'photos', name: 'photo.jpg', type: 'image/jpeg', data: PHOTO },
        );
        return send(
          'POST',
          `/api/feedback/send?shop=glo&token=${encodeURIComponent(m.feedbackToken)}`,
          { ...headers(m.token, false), 'content-type': form.type, 'idempotency-key': randomUUID() },
          form.body,
        );
      }
    }
  };
  await Promise.all(
    f.members.map(async (m) => {
      while (performance.now() < until && requests < MAX_REQUESTS) {
        let a = pick();
        if ((a === 'scan' && m.codes.length === 0) || (a === 'feedback' && m.orders.length === 0)) a = 'browse';
        requests += 1;
        const s = performance.now();
        let ok = false;
        let why = '';
        try {
          const r = await one(m, a);
          ok = r.status >= 200 && r.status < 300;
          if (!ok) why = `${a} ${r.status} ${r.text.slice(0, 120)}`;
        } catch (e) {
          why = `${a} ${String(e)}`;
        }
        if (warm) continue;
        const ms = performance.now() - s;
        stats.counts[a] = (stats.counts[a] ?? 0) + 1;
        (stats.latencies[a] ??= []).push(ms);
        if (!ok) {
          stats.errors[a] = (stats.errors[a] ?? 0) + 1;
          if (stats.errorSamples.length < 5) stats.errorSamples.push(why);
        }
      }
    }),
  );
  stats.seconds = (performance.now() - t0 - WARMUP_MS) / 1000;
  return stats;
}

// ——— the bench: database, fixture, server process, figures ———

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function pin(pid: number, cpu: number): void {
  if (os.cpus().length < 2 || process.env.BENCH_PIN === '0') return;
  try {
    execFileSync('taskset', ['-a', '-cp', String(cpu), String(pid)], { stdio: 'ignore' });
  } catch {
    /* no taskset: the scheduler places both */
  }
}

/** A temporary PostgreSQL cluster on a free port (as root, run as the postgres user), or null without the binaries. */
async function temporaryPostgres(): Promise<{ url: string; stop(): void } | null> {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root).sort().at(-1);
  if (!version) return null;
  const bin = join(root, version, 'bin');
  const dir = mkdtempSync(join(tmpdir(), 'club-load-pg-'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string) =>
    asRoot
      ? spawnSync('su', ['postgres', '-c', cmd], { stdio: 'ignore', cwd: '/' })
      : spawnSync('bash', ['-c', cmd], { stdio: 'ignore' });
  if (asRoot) spawnSync('chown', ['-R', 'postgres', dir]);
  if (run(`${bin}/initdb -D ${dir} -A trust -U postgres`).status !== 0) return null;
  if (run(`${bin}/pg_ctl -D ${dir} -o '-p ${port} -k /tmp -c fsync=on' -l ${dir}/log -w start`).status !== 0)
    return null;
  run(`${bin}/createdb -h localhost -p ${port} -U postgres club_load`);
  return {
    url: `postgres://postgres@localhost:${port}/club_load`,
    stop() {
      run(`${bin}/pg_ctl -D ${dir} -m fast stop`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Migrates and seeds the database, and writes the members, their delivered orders and fresh scan codes. */
let preparedRuns = 0;

async function prepare(dbEnv: Record<string, string>): Promise<Omit<Fixture, 'url'>> {
  const { loadConfig } = await import('../server/config');
  const { buildDeps } = await import('../server/deps');
  const { issueToken } = await import('../server/security/tokens');
  const { insertGloMember, insertScanCodes } = await import('../tests/support/fixture-rows');
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    METRICS_TOKEN: 'bench',
    API_KEY,
    ...dbEnv,
    SQLITE_LOCKING: 'normal',
  });
  const { deps, close } = await buildDeps(config, { seed: true });
  const db = deps.db;
  const now = new Date().toISOString();
  const products = await db
    .selectFrom('products')
    .select(['id', 'variant_id', 'collection_id'])
    .where('variant', '=', 'glo')
    .where('available', '=', 1)
    .where('price', '>', 0)
    .execute();
  const members: Fixture['members'] = [];
  const codesEach = Math.ceil((SECONDS + 10) * 8);
  const ordersEach = Math.ceil((SECONDS + 10) * 5);
  // Runs on one database (the balancer's two) each add members of their own.
  const offset = preparedRuns++ * MEMBERS;
  for (let n = 0; n < MEMBERS; n += 1) {
    const i = offset + n;
    const phone = `38063${String(i).padStart(7, '0')}`;
    const { memberId, customerId, token } = await insertGloMember(
      db,
      {
        phone,
        firstName: 'Навантаження',
        lastName: 'Тест',
        email: `load${i}-${randomBytes(3).toString('hex')}@bench.ua`,
        birthDate: '1990-01-01',
        tags: ['pwa_user', 'age_verified'],
      },
      now,
    );
    const feedbackToken = (await issueToken(db, memberId, 'feedback', new Date())).token;
    const orders: number[] = [];
    for (let k = 0; k < ordersEach; k += 1) {
      const o = await db
        .insertInto('orders')
        .values({
          customer_id: customerId,
          variant: 'glo',
          order_number: 900_000 + i * 10_000 + k,
          financial_status: 'paid',
          fulfillment_status: 'fulfilled',
          payment_method: 1,
          total: 10_500,
          xp_total: 0,
          tags: '["PWA"]',
          note: '',
          payload: '{}',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      orders.push(o.id);
    }
    const codes = await insertScanCodes(db, codesEach, 'load', now);
    members.push({ token, feedbackToken, customerId, orders, codes });
  }
  await close();
  return {
    members,
    collections: [...new Set(products.map((p) => p.collection_id))],
    variantIds: products.map((p) => p.variant_id),
    productIds: products.map((p) => p.id),
  };
}

async function startServer(dbEnv: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`] : []),
      '--import',
      'tsx',
      'server/main.ts',
    ],
    {
      env: {
        ...process.env,
        ...dbEnv,
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://127.0.0.1',
        METRICS_TOKEN: 'bench',
        API_KEY,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED: 'false',
        STATIC_DIR: join(tmpdir(), 'no-app'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${url}/api/openapi.json`)).ok) return { url, child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/**
 * PostgreSQL through HAProxy with deploy/haproxy.cfg: `instances` server processes
 * (`node dist-server/main.mjs`, as the container runs them) behind it; one instance is the same
 * balancer with both of its server lines on that one process.
 */
async function startBehindBalancer(
  dbEnv: Record<string, string>,
  instances: 1 | 2,
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  buildServer();
  const env = {
    ...dbEnv,
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    METRICS_TOKEN: 'bench',
    API_KEY,
    SEED: 'false',
    STATIC_DIR: join(tmpdir(), 'no-app'),
    TRUSTED_PROXIES: '127.0.0.1/32',
    LOG_LEVEL: 'warn',
  };
  const procs = [
    new Instance('bench-1', await freePort(), env),
    ...(instances === 2 ? [new Instance('bench-2', await freePort(), env)] : []),
  ];
  await Promise.all(procs.map((p) => p.start()));
  const addr = (p: Instance) => `127.0.0.1:${p.port}`;
  const lb = new Balancer(await freePort(), [addr(procs[0]!), addr(procs[1] ?? procs[0]!)]);
  await lb.start();
  return {
    url: lb.url,
    child: procs[0]!.child!,
    async stop() {
      await lb.stop();
      await Promise.all(procs.map((p) => p.stop()));
    },
  };
}

async function runOn(name: string, dbEnv: Record<string, string>, balanced?: 1 | 2): Promise<void> {
  const fixture = await prepare(dbEnv);
  const behind = balanced ? await startBehindBalancer(dbEnv, balanced) : null;
  const server = behind ?? (await startServer(dbEnv));
  const load = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, MIXED_LOAD_ROLE: 'client' },
    execArgv: ['--import', 'tsx'],
  });
  pin(server.child.pid!, 0);
  pin(load.pid!, 1);
  const rss: number[] = [];
  const cpu: Array<{ at: number; ms: number }> = [];
  const sampler = setInterval(() => {
    rss.push(rssMb(server.child.pid!));
    cpu.push({ at: performance.now(), ms: cpuMs(server.child.pid!) });
  }, 1000);
  const stats = await new Promise<Stats>((resolve) => {
    load.once('message', (s: Stats) => resolve(s));
    load.send({ ...fixture, url: server.url });
  });
  clearInterval(sampler);
  load.kill();
  // One RSS sample falls anywhere on the garbage collector's saw-tooth (tens of MB under this
  // load): the median of the first five seconds after the warm-up against that of the last five.
  const first = Math.ceil(WARMUP_MS / 1000);
  const startMb = pct(rss.slice(first, first + 5), 50) || rss[0]!;
  const endMb = pct(rss.slice(-5), 50) || rss.at(-1)!;
  // The server process's CPU from the end of the warm-up to the end, over the requests of that span.
  const from = cpu[first] ?? cpu[0]!;
  const to = cpu.at(-1)!;
  if (behind) await behind.stop();
  else {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }

  const rows: Record<string, object> = {};
  let all = 0;
  let errors = 0;
  for (const [a] of MIX) {
    const l = stats.latencies[a] ?? [];
    all += l.length;
    errors += stats.errors[a] ?? 0;
    const target = READS.has(a) ? 50 : a === 'order' ? 150 : null;
    const p99 = pct(l, 99);
    rows[a] = {
      requests: l.length,
      'req/s': +(l.length / stats.seconds).toFixed(1),
      errors: stats.errors[a] ?? 0,
      'p50 ms': +pct(l, 50).toFixed(1),
      'p95 ms': +pct(l, 95).toFixed(1),
      'p99 ms': +p99.toFixed(1),
      'p99 target': target === null ? '—' : `< ${target}: ${p99 < target ? 'met' : 'MISSED'}`,
    };
  }
  console.log(`\n${name}: ${MEMBERS} members for ${stats.seconds.toFixed(0)} s after a ${WARMUP_MS / 1000} s warm-up`);
  console.table(rows);
  const growth = (endMb - startMb) / startMb;
  const rate = all / stats.seconds;
  const cpuPerRequest = ((to.ms - from.ms) * 1000) / (((to.at - from.at) / 1000) * rate);
  // Behind the balancer with two instances, the first one's CPU serves half the requests: not shown.
  const cpuText =
    balanced === 2 ? '' : `, server CPU ${cpuPerRequest.toFixed(0)} µs/request${behind ? ' (the instance)' : ''}`;
  console.log(
    `all: ${all} requests, ${rate.toFixed(0)} req/s${cpuText}, errors ${errors} (target 0: ${errors === 0 ? 'met' : 'MISSED'})`,
  );
  console.log(
    `server memory (RSS, median of 5 s): ${startMb.toFixed(0)} MB after warm-up → ${endMb.toFixed(0)} MB at the end, ${(growth * 100).toFixed(1)} % (target within 10 %: ${Math.abs(growth) <= 0.1 ? 'met' : 'MISSED'})`,
  );
  if (stats.errorSamples.length) console.log('first errors:', stats.errorSamples);
}

async function main(): Promise<void> {
  const dbs = (process.env.BENCH_LOAD_DBS ?? 'sqlite,postgres,lb').split(',');
  console.log(
    `Mixed member traffic on loopback, ${os.cpus().length} CPUs (server and load generator pinned apart when taskset is there).`,
  );
  if (dbs.includes('sqlite')) {
    const dir = mkdtempSync(join(tmpdir(), 'club-load-'));
    try {
      await runOn('SQLite (WAL, the file locked for the server alone)', {
        SQLITE_PATH: join(dir, 'club.db'),
        DATABASE_URL: '',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (dbs.includes('postgres') || dbs.includes('lb')) {
    const given = process.env.BENCH_PG_URL;
    const pg = given ? { url: given, stop() {} } : await temporaryPostgres();
    if (!pg)
      console.log('\nPostgreSQL: not run (no BENCH_PG_URL and no PostgreSQL binaries under /usr/lib/postgresql)');
    else {
      try {
        if (dbs.includes('postgres')) await runOn('PostgreSQL', { DATABASE_URL: pg.url });
        // the same traffic through the load balancer, one instance beside two.
        if (dbs.includes('lb')) {
          await runOn('PostgreSQL through HAProxy, one instance', { DATABASE_URL: pg.url }, 1);
          await runOn('PostgreSQL through HAProxy, two instances', { DATABASE_URL: pg.url }, 2);
        }
      } finally {
        pg.stop();
      }
    }
  }
}

if (process.env.MIXED_LOAD_ROLE === 'client') {
  process.on('message', (f: Fixture) => void client(f).then((s) => process.send?.(s)));
} else {
  await main();
}
