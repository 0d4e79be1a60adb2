import type BetterSqlite3 from 'better-sqlite3';
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema';

type AnyDb = Kysely<Database>;

/** The better-sqlite3 connection behind a Kysely instance's adapter (SQLite only). */
const sqliteByAdapter = new WeakMap<object, BetterSqlite3.Database>();

/**
 * Lets prepared queries of `db` (and of its transactions) run on its better-sqlite3 connection
 * directly, skipping Kysely's executor, driver and connection mutex (about 10 µs a query).
 */
export function runPreparedDirectly(db: AnyDb, raw: BetterSqlite3.Database): void {
  sqliteByAdapter.set(db.getExecutor().adapter, raw);
}

/** Stand-in values a query is compiled with; each becomes a bound parameter, swapped per call. */
const STAND_IN = '\u0000arg:';

interface Prepared {
  query: CompiledQuery;
  /** Per parameter: where its value comes from ([argument, key or index]), or null for a constant. */
  sources: ReadonlyArray<readonly [number, string | null] | null>;
  /** SQLite: the connection and the statement compiled on it, run without Kysely. */
  direct: { raw: BetterSqlite3.Database; stmt: BetterSqlite3.Statement } | null;
}

const compiledByAdapter = new WeakMap<object, Map<string, Prepared>>();

/** What Kysely's SQLite driver answers for a statement, without its promise and mutex. */
function runStatement<R>(stmt: BetterSqlite3.Statement, parameters: readonly unknown[]): QueryResult<R> {
  if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !(v instanceof Date);

/** Stand-ins shaped like an argument: one per value of an object or array, or one for a scalar. */
function standIn(arg: unknown, i: number): unknown {
  if (Array.isArray(arg)) return arg.map((_, j) => `${STAND_IN}${i}:${j}`);
  if (isRecord(arg)) return Object.fromEntries(Object.keys(arg).map((k) => [k, `${STAND_IN}${i}:${k}`]));
  return `${STAND_IN}${i}`;
}

function sourceOf(p: unknown): readonly [number, string | null] | null {
  if (typeof p !== 'string' || !p.startsWith(STAND_IN)) return null;
  const [i, key] = p.slice(STAND_IN.length).split(':');
  return [Number(i), key ?? null];
}

/**
 * A hot query built and compiled once per dialect, then run with each call's arguments.
 * Kysely otherwise rebuilds and recompiles the query on every call (15-30 µs, more than
 * SQLite takes to run it). `build` gets stand-ins shaped like the first call's arguments
 * (scalars, arrays, objects of column values); they must reach the SQL as bound values, never
 * as its shape: a list of another length or an object with other keys needs another `name`.
 * @example const byId = prepared('customer-by-id', (db, id: number) => db.selectFrom('customers').selectAll().where('id', '=', id));
 */
export function prepared<A extends readonly unknown[], R>(
  name: string,
  build: (db: AnyDb, ...args: A) => Compilable<R>,
): (db: AnyDb, ...args: A) => Promise<QueryResult<R>> {
  return async (db, ...args) => {
    // A transaction shares its database's adapter, so one compiled query serves both.
    const adapter = db.getExecutor().adapter;
    let byName = compiledByAdapter.get(adapter);
    if (!byName) compiledByAdapter.set(adapter, (byName = new Map()));
    let p = byName.get(name);
    if (!p) {
      const query = build(db, ...(args.map(standIn) as unknown as A)).compile();
      const raw = sqliteByAdapter.get(adapter);
      p = { query, sources: query.parameters.map(sourceOf), direct: raw ? { raw, stmt: raw.prepare(query.sql) } : null };
      byName.set(name, p);
    }
    const { query, sources, direct } = p;
    const parameters = query.parameters.map((value, n) => {
      const src = sources[n];
      if (!src) return value;
      const arg = args[src[0]];
      return src[1] === null ? arg : (arg as Record<string, unknown>)[src[1]];
    });
    // better-sqlite3 runs a statement synchronously, so it may go straight to the connection when
    // the caller holds it (a transaction) or nobody does. While another request's transaction is
    // open on it, a query from outside waits for the connection through Kysely instead: run now,
    // it would read that transaction's uncommitted rows, or write inside it.
    if (direct && (db.isTransaction || !direct.raw.inTransaction)) return runStatement<R>(direct.stmt, parameters);
    return db.executeQuery<R>({ ...query, parameters });
  };
}
