import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../server/clock';
import { loadConfig } from '../../../server/config';
import { buildDeps, type BuiltDeps } from '../../../server/deps';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { orderBody } from '../shop/support';
import { freePort } from '../../../scripts/free-port';

// two server processes on one database behind one port (a round-robin proxy here) must
// behave as one: a session made on one is good on the other, a logout on one is refused on the
// other at once, one Idempotency-Key sent to both makes one order, XP spent on both never goes
// below zero, order numbers stay unique. On a shared SQLite file (`npm test`) and on PostgreSQL
// (CI's second run, TEST_DATABASE_URL).

const API_KEY = 'multi-key';
const pgUrl = process.env.TEST_DATABASE_URL;
let dbEnv: Record<string, string>;
let dropDatabase: (() => Promise<void>) | null = null;
let dataDir: string | null = null;
let admin: BuiltDeps;
const servers: Array<{ url: string; child: ChildProcess }> = [];
let proxy: Server;
let proxyUrl: string;

async function startServerProcess(name: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ...dbEnv,
      NODE_ENV: 'test',
      API_KEY,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'false',
      INSTANCE_NAME: name,
      STATIC_DIR: join(tmpdir(), 'no-app-here'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${url}/api/openapi.json`)).ok) return { url, child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server ${name} did not start`);
}

/** One port in front of both: requests go to them in turn. */
function roundRobin(targets: readonly string[]): Server {
  let next = 0;
  return createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]!);
    const up = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
}

beforeAll(async () => {
  if (pgUrl) {
    const name = `multi_${randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    dbEnv = { DATABASE_URL: url.toString() };
    dropDatabase = async () => {
      const d = new pg.Client({ connectionString: pgUrl });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    };
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'club-multi-'));
    dbEnv = { SQLITE_PATH: join(dataDir, 'club.db'), SQLITE_LOCKING: 'normal' };
  }
  // Migrated and seeded once; this connection stays open to set up members and read the outcome.
  admin = await buildDeps(loadConfig({ NODE_ENV: 'test', API_KEY, ...dbEnv, INSTANCE_NAME: 'test-admin' }), {
    seed: true,
  });
  servers.push(await startServerProcess('server-a'), await startServerProcess('server-b'));
  proxy = roundRobin(servers.map((s) => s.url));
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const a = proxy.address();
  proxyUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
}, 60_000);

afterAll(async () => {
  proxy?.close();
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.child.exitCode !== null) return resolve();
          s.child.once('exit', () => resolve());
          s.child.kill('SIGTERM');
        }),
    ),
  );
  await admin?.close();
  await dropDatabase?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function call(base: string, path: string, opts: { token?: string; body?: unknown; idem?: string } = {}) {
  const r = await fetch(`${base}${path}`, {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: {
      'x-api-key': API_KEY,
      accept: 'application/json',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.idem ? { 'idempotency-key': opts.idem } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer read by path; the expectations check its shape
  return { status: r.status, body: (await r.json()) as any };
}

const member = (opts: Parameters<typeof createMember>[1]) =>
  createMember({ deps: admin.deps, clock: systemClock } as unknown as TestServer, opts);
const adult = (xp = 0) => member({ tags: ['pwa_user', 'age_verified'], xp });
const sku = (s: string) =>
  admin.deps.db.selectFrom('products').select(['variant_id']).where('sku', '=', s).executeTakeFirstOrThrow();
const order = (m: TestMember, base: string, variantId: number, idem = randomUUID()) =>
  call(base, '/api/api-shop/create-order', { token: m.token, body: orderBody([{ variant_id: variantId }]), idem });
const ordersOf = (customerId: number) =>
  admin.deps.db.selectFrom('orders').select(['id', 'order_number']).where('customer_id', '=', customerId).execute();

describe('two server processes on one database behave as one', () => {
  it('a session made through one is good on both; a logout on one is refused on the other at once', async () => {
    const m = await adult();
    const [a, b] = servers.map((s) => s.url) as [string, string];
    expect((await call(a, '/api/get-balance', { token: m.token })).status).toBe(200);
    expect((await call(b, '/api/get-balance', { token: m.token })).status).toBe(200);
    expect((await call(a, '/api/api-auth/logout', { token: m.token, body: { token: m.token } })).status).toBe(200);
    const after = await call(b, '/api/get-balance', { token: m.token });
    expect(after.status).toBe(401);
    expect((await call(a, '/api/get-balance', { token: m.token })).status).toBe(401);
  });

  it('the same Idempotency-Key sent to both at once makes one order, and either replays it', async () => {
    const m = await adult();
    const amber = await sku('sticks-amber-20');
    const key = randomUUID();
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const both = await Promise.all([order(m, a, amber.variant_id, key), order(m, b, amber.variant_id, key)]);
    const placed = both.filter((r) => r.status === 200);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(
      both.every((r) => r.status === 200 || (r.status === 409 && r.body.error.code === 'idempotency_in_progress')),
    ).toBe(true);
    const rows = await ordersOf(m.glo.id);
    expect(rows).toHaveLength(1);
    for (const base of [a, b]) {
      const again = await order(m, base, amber.variant_id, key);
      expect(again.status).toBe(200);
      expect(again.body.order.id).toBe(rows[0]!.id);
    }
    expect(await ordersOf(m.glo.id)).toHaveLength(1);
  });

  it('XP spent through both at once never goes below zero', async () => {
    const m = await adult(2500);
    const thermo = await sku('bonus-thermo'); // 1200 XP
    const results = await Promise.all(Array.from({ length: 6 }, () => order(m, proxyUrl, thermo.variant_id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.error.code === 'insufficient_xp')).toBe(true);
    const balance = await admin.deps.db
      .selectFrom('customers')
      .select('xp_balance')
      .where('id', '=', m.glo.id)
      .executeTakeFirstOrThrow();
    expect(balance.xp_balance).toBe(100);
    const [a, b] = servers.map((s) => s.url) as [string, string];
    expect((await call(a, '/api/get-balance', { token: m.token })).body).toMatchObject({ balance: 100 });
    expect((await call(b, '/api/get-balance', { token: m.token })).body).toMatchObject({ balance: 100 });
  });

  it('both keep answering after the database ends their idle connections (a restart, a failover)', async () => {
    const m = await adult(40);
    const [a, b] = servers.map((s) => s.url) as [string, string];
    if (pgUrl) {
      const c = new pg.Client({ connectionString: dbEnv.DATABASE_URL });
      await c.connect();
      const ended = await c.query(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      await c.end();
      expect(ended.rows.length).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 300));
    }
    for (const base of [a, b, a, b])
      expect((await call(base, '/api/get-balance', { token: m.token })).body).toMatchObject({ balance: 40 });
    expect(servers.every((s) => s.child.exitCode === null)).toBe(true);
  });

  it('order numbers stay unique when both place orders at once', async () => {
    const amber = await sku('sticks-amber-20');
    const people = await Promise.all(Array.from({ length: 4 }, () => adult()));
    const results = await Promise.all(
      people.flatMap((p) => [order(p, proxyUrl, amber.variant_id), order(p, proxyUrl, amber.variant_id)]),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const numbers = results.map((r) => r.body.order.order_number as number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
