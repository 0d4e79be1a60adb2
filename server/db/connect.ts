import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { privateFile } from './private-file';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Whether a database (or a transaction of it) is PostgreSQL, read from its adapter: no query. */
export const isPostgres = (db: { getExecutor(): { adapter: unknown } }): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;

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
  /**
   * SQLite: sync every commit to disk before it is answered (`synchronous=FULL`, production), or
   * only at checkpoints (`NORMAL`, development and tests: a power loss may drop the last commits).
   */
  sqliteDurable?: boolean;
  /** PostgreSQL: told how long each query waited for a pooled connection, in ms (the metrics). */
  onPoolWait?: (ms: number) => void;
  /** Where the connection's own troubles are told (the server's JSON log); default stderr as JSON. */
  log?: (level: 'info' | 'warn' | 'error', fields: Record<string, unknown>, msg: string) => void;
}

/**
 * A PostgreSQL client's settings: the URL, and the start-up options every connection of the
 * server gets. `synchronous_commit=on` is set on the connection itself, so that a database or role
 * default of `off` (which answers a commit before its WAL is on disk) never applies to the server:
 * a placed order, a payment or an XP movement answered 200 survives a power loss. Options the URL
 * carries come first; these, later, win.
 */
export function pgClientConfig(databaseUrl: string, schema?: string): { connectionString: string; options: string } {
  const own = [...(schema ? [`-c search_path="${schema.replace(/"/g, '')}"`] : []), '-c synchronous_commit=on'];
  if (!/[?&]options=/.test(databaseUrl)) return { connectionString: databaseUrl, options: own.join(' ') };
  const url = new URL(databaseUrl);
  const given = url.searchParams.get('options') ?? '';
  // The URL's own options would otherwise replace these (pg reads the URL over the config).
  url.searchParams.delete('options');
  return { connectionString: url.toString(), options: [given, ...own].join(' ') };
}

const stderrLog: NonNullable<ConnectOptions['log']> = (level, fields, msg) =>
  process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), ...fields, msg })}\n`);

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
      try {
        // Two instances starting at once may both create it: `if not exists` is no guard against that race.
        await admin.query(`create schema if not exists "${schema.replace(/"/g, '')}"`).catch((e: { code?: string }) => {
          if (e.code !== '23505' && e.code !== '42P06') throw e;
        });
      } finally {
        await admin.end();
      }
    }
    // A database host that drops packets (rather than refusing) would hold a request for TCP's own
    // timeout: a connection not made, or not free, within 10 s fails (answered 503).
    const pool = new pg.Pool({
      ...pgClientConfig(opts.databaseUrl, schema),
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
    });
    // An idle connection the database ends (a restart, a failover, an administrator) is reported
    // on the pool; unheard, that report would end the process. The pool drops the connection and
    // opens a new one on the next query.
    const log = opts.log ?? stderrLog;
    pool.on('error', (err) => log('warn', { error: err.message }, 'idle database connection lost'));
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
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true });
    // Members' phones, names and orders: readable by the server's user alone (SQLite gives the
    // -wal and -shm files the database file's mode).
    privateFile(path);
  }
  const raw = new BetterSqlite3(path);
  const exclusive = opts.sqliteExclusive === true && path !== ':memory:';
  // Before WAL is entered, so that the WAL index lives in this process's memory, not a -shm file.
  if (exclusive) raw.pragma('locking_mode = EXCLUSIVE');
  // Before WAL is entered too: two processes opening a new file at once wait for each other.
  raw.pragma('busy_timeout = 5000');
  raw.pragma('journal_mode = WAL');
  if (path !== ':memory:') for (const ext of ['-wal', '-shm']) privateFile(path + ext, { create: false });
  // Durable: every commit is on disk before it is answered, so an order, a payment or an XP
  // movement answered 200 survives a power loss (NORMAL could lose the commits since the last
  // checkpoint). The cost, one fsync a commit, is in server/README.md "SQLite: durability and locking".
  raw.pragma(`synchronous = ${opts.sqliteDurable ? 'FULL' : 'NORMAL'}`);
  raw.pragma('foreign_keys = ON');
  // A checkpoint runs inside the commit that crosses the mark and holds the event loop while it
  // copies the WAL into the database: every ~4 MB (SQLite's default) rather than every ~16 MB,
  // so that no request waits long behind one (the mixed-load bench's read p95 and p99 fell:
  // docs/performance-log.md); the WAL file is cut back to 64 MB after each one.
  raw.pragma('wal_autocheckpoint = 1000');
  raw.pragma('journal_size_limit = 67108864');
  // 32 MB of page cache (default 2 MB): the catalogue, customers and session pages stay hot.
  raw.pragma('cache_size = -32000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
  const sole = exclusive || path === ':memory:';
  return { db, dialect: 'sqlite', soleConnection: sole ? raw : null, close: () => db.destroy() };
}
