import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Whether a database (or a transaction of it) is PostgreSQL, read from its adapter: no query. */
export const isPostgres = (db: { getExecutor(): { adapter: unknown } }): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export interface DbHandle {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  /**
   * SQLite only: the connection, when no other process can open the database (exclusive
   * locking, or `:memory:`), so this process sees every write (server/db/revisions.ts).
   */
  soleConnection: BetterSqlite3.Database | null;
  /** PostgreSQL: the pool, for its counts in the metrics. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** postgres://... selects PostgreSQL. */
  databaseUrl?: string;
  /** PostgreSQL: connections kept open at most (default 10). */
  poolSize?: number;
  /** SQLite file, or ':memory:'. */
  sqlitePath?: string;
  /** PostgreSQL schema to use (tests get one each); created when missing. */
  pgSchema?: string;
  /**
   * SQLite: lock the file for this process alone (locking_mode=EXCLUSIVE) for as long as it runs.
   * No lock calls per statement and no shared-memory WAL index; no other process (a second
   * server, the sqlite3 shell) can open the file meanwhile. See server/README.md.
   */
  sqliteExclusive?: boolean;
  /** PostgreSQL: told how long each query waited for a pooled connection, in ms (the metrics). */
  onPoolWait?: (ms: number) => void;
}

/**
 * better-sqlite3 compiles a statement on every `prepare`; Kysely prepares each query
 * afresh, so a small cache of compiled statements saves that work on hot paths.
 */
function withStatementCache(raw: BetterSqlite3.Database, size = 500): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => raw.close(),
    prepare(sqlText: string) {
      let stmt = cache.get(sqlText);
      if (!stmt) {
        stmt = raw.prepare(sqlText);
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
        cache.set(sqlText, stmt);
      }
      return stmt;
    },
  };
}

/** See connect: the request holding the connection sees the loss itself. */
const ignoreLostConnection = () => undefined;

export async function connect(opts: ConnectOptions): Promise<DbHandle> {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const schema = opts.pgSchema;
    if (schema) {
      const admin = new pg.Client({ connectionString: opts.databaseUrl });
      await admin.connect();
      await admin.query(`create schema if not exists "${schema.replace(/"/g, '')}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(schema ? { options: `-c search_path="${schema.replace(/"/g, '')}"` } : {}),
    });
    // An idle connection the database ends (a restart, a failover, an administrator) is reported
    // on the pool; unheard, that report would end the process. The pool drops the connection and
    // opens a new one on the next query.
    pool.on('error', (err) => console.error('[db] idle connection lost:', err.message));
    // A connection ended while checked out (inside a transaction, between two queries) is
    // reported on its client, on which the pool listens only while it is idle: unheard, that report
    // ended the process («Unhandled 'error' event … 57P01» on a PostgreSQL restart). The request
    // that holds it fails with its next query (answered 503), and the pool drops it when released.
    pool.on('connect', (client) => client.on('error', ignoreLostConnection));
    const onWait = opts.onPoolWait;
    if (onWait) {
      // Kysely takes every connection with `pool.connect()` (a promise): timed here.
      const take = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
      (pool as { connect: unknown }).connect = (...args: unknown[]) => {
        if (args.length > 0) return (take as (...a: unknown[]) => unknown)(...args);
        const t = performance.now();
        return take().then((client) => {
          onWait(performance.now() - t);
          return client;
        });
      };
    }
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', soleConnection: null, pool, close: () => db.destroy() };
  }
  const path = opts.sqlitePath ?? './data/club.db';
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new BetterSqlite3(path);
  const exclusive = opts.sqliteExclusive === true && path !== ':memory:';
  // Before WAL is entered, so that the WAL index lives in this process's memory, not a -shm file.
  if (exclusive) raw.pragma('locking_mode = EXCLUSIVE');
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  // A checkpoint runs inside the commit that crosses the mark and holds the event loop while it
  // copies the WAL into the database: every ~4 MB (SQLite's default) rather than every ~16 MB,
  // so that no request waits 20-40 ms behind one (mixed-load bench, alternating runs: p95 of reads
  // 30 against 35-37 ms, p99 42-43 against 45-49 ms at 2,500-2,800 requests a second); the WAL
  // file is cut back to 64 MB after each one.
  raw.pragma('wal_autocheckpoint = 1000');
  raw.pragma('journal_size_limit = 67108864');
  // 32 MB of page cache (default 2 MB): the catalogue, customers and session pages stay hot.
  raw.pragma('cache_size = -32000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
  const sole = exclusive || path === ':memory:';
  return { db, dialect: 'sqlite', soleConnection: sole ? raw : null, close: () => db.destroy() };
}
