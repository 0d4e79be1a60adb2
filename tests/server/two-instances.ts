import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../../server/app';
import { ManualClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { buildDeps, type BuiltDeps } from '../../server/deps';
import { API_KEY, TEST_PHONES, type TestServer } from '../support/server';

/** A server (as tests/support/server.ts makes them) over database connections built elsewhere. */
export function serverOver(built: BuiltDeps, clock: ManualClock, close: () => Promise<void>): TestServer {
  const app = createApp(built.deps);
  const call: TestServer['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { 'x-api-key': API_KEY, accept: 'application/json', ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.idem) headers['idempotency-key'] = o.idem;
    const url = o.query ? `${path}?${new URLSearchParams(o.query).toString()}` : path;
    const body =
      method === 'POST'
        ? o.body === undefined
          ? '{}'
          : typeof o.body === 'string'
            ? o.body
            : JSON.stringify(o.body)
        : undefined;
    if (method === 'POST') headers['content-type'] = 'application/json';
    const res = await app.request(url, { method, headers, body });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, headers: res.headers };
  };
  return {
    app,
    deps: built.deps,
    clock,
    config: built.deps.config,
    call,
    post: (path, body, token) => call('POST', path, { body, token }),
    get: (path, query, token) => call('GET', path, { query, token }),
    close,
  };
}

/**
 * Two server instances over one database, as in a deployment with several instances: on
 * PostgreSQL (TEST_DATABASE_URL) two pools on one fresh schema; otherwise two connections to one
 * SQLite file, neither of which locks it for itself. They share a clock.
 */
export async function twoInstances(
  env: Record<string, string> = {},
): Promise<{ one: TestServer; two: TestServer; close(): Promise<void> }> {
  const clock = new ManualClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    API_KEY,
    TEST_PHONES: TEST_PHONES.join(','),
    SQLITE_LOCKING: 'normal',
    ...env,
  });
  const pgUrl = process.env.TEST_DATABASE_URL;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const dir = pgUrl ? null : mkdtempSync(join(tmpdir(), 'club-two-'));
  const connect = pgUrl
    ? { databaseUrl: pgUrl, pgSchema: schema }
    : { sqlitePath: join(dir ?? '', 'club.db'), sqliteExclusive: false };
  const first = await buildDeps(config, { clock, connect, seed: false });
  const second = await buildDeps(config, { clock, connect, seed: false });
  const one = serverOver(first, clock, first.close);
  const two = serverOver(second, clock, second.close);
  return {
    one,
    two,
    async close() {
      await first.close();
      await second.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
      if (pgUrl) {
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop schema if exists "${schema}" cascade`);
        await c.end();
      }
    },
  };
}
