import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Hono } from 'hono';
import { createApp } from '../../server/app';
import { ManualClock } from '../../server/clock';
import { loadConfig, type Config } from '../../server/config';
import type { AppDeps, AppEnv } from '../../server/context';
import type { ConnectOptions } from '../../server/db/connect';
import { buildDeps } from '../../server/deps';

export const API_KEY = 'test-api-key';
export const TEST_PHONES = ['380500000001', '380500000002'] as const;

/** What production cannot start without (server/config.ts), and NODE_ENV=production: spread into a test's env. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://club.example',
  METRICS_TOKEN: 'test-metrics-token',
} as const;

/** An answer's JSON: a test reads it by path and its expectations check the shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one loose type for every server test's answers
type AnswerBody = any;

export interface TestServer {
  app: Hono<AppEnv>;
  deps: AppDeps;
  clock: ManualClock;
  config: Config;
  /** Sends a call with the API key; `token` adds the bearer, `idem` an Idempotency-Key. */
  call(
    method: 'GET' | 'POST',
    path: string,
    opts?: {
      body?: unknown;
      query?: Record<string, string>;
      token?: string;
      idem?: string;
      headers?: Record<string, string>;
    },
  ): Promise<{ status: number; body: AnswerBody; headers: Headers }>;
  post(path: string, body?: unknown, token?: string): Promise<{ status: number; body: AnswerBody; headers: Headers }>;
  get(
    path: string,
    query?: Record<string, string>,
    token?: string,
  ): Promise<{ status: number; body: AnswerBody; headers: Headers }>;
  close(): Promise<void>;
}

/** Where a test server keeps its data, and how to throw it away. */
export interface TestDatabase {
  connect: ConnectOptions;
  drop(): Promise<void>;
}

/**
 * A fresh database: a schema of its own on the PostgreSQL server `url` names (default
 * TEST_DATABASE_URL), else SQLite, in memory unless `reopenable` (a file in a temporary folder,
 * so a server stopped on it can be started again with its data: the QA kit's server restarts).
 */
export function testDatabase(opts: { url?: string; reopenable?: boolean } = {}): TestDatabase {
  const pgUrl = opts.url ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    return {
      connect: { databaseUrl: pgUrl, pgSchema: schema },
      async drop() {
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop schema if exists "${schema}" cascade`);
        await c.end();
      },
    };
  }
  if (!opts.reopenable) return { connect: { sqlitePath: ':memory:' }, drop: async () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'club-test-'));
  return {
    connect: { sqlitePath: join(dir, 'club.db') },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A fresh server on a fresh database for one test file: in-memory SQLite, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a schema of its own there. Given a `database`, it
 * runs on that one and leaves it in place when closed (its owner drops it).
 */
export async function makeTestServer(
  opts: { seed?: boolean; env?: Record<string, string>; clock?: ManualClock; database?: TestDatabase } = {},
): Promise<TestServer> {
  // Silent unless a test asks: a production-mode server would otherwise log every request.
  const config = loadConfig({
    NODE_ENV: 'test',
    API_KEY,
    TEST_PHONES: TEST_PHONES.join(','),
    LOG_LEVEL: 'silent',
    ...opts.env,
  });
  const clock = opts.clock ?? new ManualClock();
  const database = opts.database ?? testDatabase();
  const built = await buildDeps(config, { clock, seed: opts.seed ?? false, connect: database.connect });
  const app = createApp(built.deps);

  const call: TestServer['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { 'x-api-key': API_KEY, accept: 'application/json', ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.idem) headers['idempotency-key'] = o.idem;
    let url = path;
    if (o.query) url += `?${new URLSearchParams(o.query).toString()}`;
    let body: string | undefined;
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      body = o.body === undefined ? '{}' : typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
    }
    const res = await app.request(url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* non-JSON answers (pages) stay text */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };

  return {
    app,
    deps: built.deps,
    clock,
    config,
    call,
    post: (path, body, token) => call('POST', path, { body, token }),
    get: (path, query, token) => call('GET', path, { query, token }),
    async close() {
      await built.close();
      if (!opts.database) await database.drop();
    },
  };
}
