import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { connect, type DbHandle } from '../../../server/db/connect';
import { isDatabaseUnavailable } from '../../../server/db/unavailable';
import { freePort } from '../../../scripts/free-port';
import { API_KEY, makeTestServer, type TestServer } from '../../support/server';

/*
 * A database out of reach is no fault of the request: an API call whose query cannot reach it is
 * answered 503 `database_unavailable` with Retry-After (it was a 500), which the app's outbox
 * retries after that wait; readiness fails, liveness does not. A query the database refused is
 * still a 500. The restart of a real PostgreSQL under load: tests/e2e/ops-outage.e2e.ts.
 */
let s: TestServer;
const away: DbHandle[] = [];
beforeAll(async () => {
  s = await makeTestServer();
});
afterAll(async () => {
  await Promise.all(away.map((h) => h.close().catch(() => undefined)));
  await s.close();
});

/** The app over a database that is not there: a PostgreSQL port nothing listens on, or a closed SQLite connection. */
async function appOver(kind: 'postgres' | 'sqlite') {
  const handle =
    kind === 'postgres'
      ? await connect({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/club` })
      : await connect({ sqlitePath: ':memory:' });
  // Closed once it has been used (as at the end of a shutdown): every query is refused.
  if (kind === 'sqlite') await sql`select 1`.execute(handle.db).then(() => handle.db.destroy());
  else away.push(handle);
  return createApp({ ...s.deps, db: handle.db, dialect: handle.dialect });
}

describe('the database out of reach', () => {
  for (const kind of ['postgres', 'sqlite'] as const) {
    it(`${kind}: an API call answers a Ukrainian 503 with Retry-After; readiness fails, liveness does not`, async () => {
      const app = await appOver(kind);
      const r = await app.request('/api/get-balance?v=glo', {
        headers: { 'x-api-key': API_KEY, authorization: 'Bearer some-member-token' },
      });
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('5');
      expect(await r.json()).toEqual({
        error: {
          code: 'database_unavailable',
          message: 'Сервер тимчасово не може виконати запит. Спробуй за кілька секунд',
        },
      });
      const ready = await app.request('/readyz');
      expect([ready.status, (await ready.json()).checks.database]).toEqual([503, 'unreachable']);
      expect((await app.request('/livez')).status).toBe(200);
    });
  }

  it('tells a lost or busy database from a refused query', () => {
    // SQLite: a file another connection holds locked (a backup tool, the sqlite3 shell) is busy; a
    // constraint is a refusal.
    const dir = mkdtempSync(join(tmpdir(), 'club-busy-'));
    const holder = new BetterSqlite3(join(dir, 'club.db'));
    const other = new BetterSqlite3(join(dir, 'club.db'), { timeout: 0 });
    const failure = (f: () => void) => {
      try {
        f();
      } catch (e) {
        return e;
      }
      throw new Error('no failure');
    };
    try {
      holder.exec('create table t (id integer primary key); insert into t values (1)');
      expect(isDatabaseUnavailable(failure(() => holder.exec('insert into t values (1)')))).toBe(false);
      holder.exec('begin exclusive');
      expect(isDatabaseUnavailable(failure(() => other.exec('insert into t values (2)')))).toBe(true);
    } finally {
      holder.close();
      other.close();
      rmSync(dir, { recursive: true, force: true });
    }
    // PostgreSQL's codes for a restart, a crash, a start, a connection cut, too many connections;
    // a constraint, a serialization failure, a missing table are refusals.
    for (const code of ['57P01', '57P02', '57P03', '08006', '53300'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    for (const code of ['23505', '40001', '42P01'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]),
      ),
    ).toBe(true);
  });
});
