import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema';

type AnyDb = Kysely<Database>;

/** Stand-in values a query is compiled with; each becomes a bound parameter, swapped per call. */
const STAND_IN = '\u0000arg:';

interface Prepared {
  query: CompiledQuery;
  /** Per parameter: where its value comes from ([argument, key or index]), or null for a constant. */
  sources: ReadonlyArray<readonly [number, string | null] | null>;
}

const compiledByAdapter = new WeakMap<object, Map<string, Prepared>>();

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
      p = { query, sources: query.parameters.map(sourceOf) };
      byName.set(name, p);
    }
    const { query, sources } = p;
    const parameters = query.parameters.map((value, n) => {
      const src = sources[n];
      if (!src) return value;
      const arg = args[src[0]];
      return src[1] === null ? arg : (arg as Record<string, unknown>)[src[1]];
    });
    return db.executeQuery<R>({ ...query, parameters });
  };
}
