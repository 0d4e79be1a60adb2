import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { pgClientConfig, type ConnectOptions } from './connect';
import { privateFile } from './private-file';

/** Releases a held start lock. */
export type ReleaseLock = () => Promise<void>;

type Log = NonNullable<ConnectOptions['log']>;

/** How often a process that finds the SQLite start lock taken tries again, ms. */
const SQLITE_RETRY_MS = 50;

/**
 * Takes the database's start lock, which migrations and the seed run under: any number of
 * instances may start together (`docker compose up`), one migrates and seeds while the others
 * wait, then find the work done. Waits as long as another process holds it; the lock goes with
 * its holder's connection, so a process that dies holding it frees it.
 *
 * - PostgreSQL: an advisory lock on a connection of its own (the pool's come and go), keyed by
 *   the schema, so instances on other schemas of one server (the tests) do not wait for each other.
 * - SQLite: an exclusive transaction on a file beside the database (`<file>-start.lock`); not on the
 *   database itself, which the process must write meanwhile through its own connection.
 * - `:memory:`: nothing to share, no lock.
 */
export async function takeStartLock(opts: ConnectOptions, log?: Log): Promise<ReleaseLock> {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl))
    return pgLock(opts.databaseUrl, opts.pgSchema, log);
  const path = opts.sqlitePath ?? './data/club.db';
  if (path === ':memory:') return async () => undefined;
  return sqliteLock(`${path}-start.lock`, log);
}

async function pgLock(url: string, schema: string | undefined, log?: Log): Promise<ReleaseLock> {
  const client = new pg.Client(pgClientConfig(url, schema));
  // A connection the database ends while held is reported here; unheard, it would end the process.
  client.on('error', (err) => log?.('warn', { error: err.message }, 'start lock connection lost'));
  await client.connect();
  try {
    await client.query(
      `select pg_advisory_lock(hashtext('club:start'), hashtext(coalesce($1::text, current_schema(), 'public')))`,
      [schema ?? null],
    );
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
  // Ending the session frees its advisory locks.
  return () => client.end();
}

async function sqliteLock(file: string, log?: Log): Promise<ReleaseLock> {
  privateFile(file);
  const lock = new BetterSqlite3(file);
  // The wait is here, between tries, so the event loop (and /livez) keeps answering meanwhile.
  lock.pragma('busy_timeout = 0');
  let told = false;
  for (;;) {
    try {
      lock.exec('BEGIN EXCLUSIVE');
      break;
    } catch (e) {
      if ((e as { code?: string }).code !== 'SQLITE_BUSY') {
        lock.close();
        throw e;
      }
      if (!told) log?.('info', { file }, 'another instance is migrating or seeding: waiting for it');
      told = true;
      await sleep(SQLITE_RETRY_MS);
    }
  }
  return async () => {
    lock.exec('ROLLBACK');
    lock.close();
  };
}
