import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from './connect';
import { REVISION_TRIGGERS } from './migrations/008_revisions';

/**
 * The revisions of the data behind the server's caches (migration 008): a cache entry built
 * under a revision is good exactly as long as that revision is current.
 */
export interface Revisions {
  catalogue: number;
  sessions: number;
}

/**
 * Where the current revisions come from.
 * - Any database another process may write to (PostgreSQL with several instances, a shared
 *   SQLite file): the `revisions` table, read on every request (one indexed read of two rows).
 * - A SQLite database only this process can open (locking_mode=EXCLUSIVE, or `:memory:`): every
 *   write goes through this process's one connection, so counters in memory, bumped by TEMP
 *   triggers (this connection's own, never stored in the file) that call back into this process,
 *   see every change at the moment it is made, with no read at all. A change that is then rolled
 *   back leaves a bumped counter: a cache miss, never a stale answer.
 */
const inProcess = new WeakMap<Db, Revisions>();

/**
 * Counts the writes of `raw`, the only connection to its database, in memory (see above). Call it
 * after the migrations: the triggers need the tables.
 */
export function countRevisionsInProcess(db: Db, raw: BetterSqlite3.Database): void {
  const counters: Revisions = { catalogue: 0, sessions: 0 };
  raw.function('club_revision_bump', { deterministic: false }, (name: unknown) => {
    if (name === 'catalogue' || name === 'sessions') counters[name] += 1;
    return null;
  });
  for (const { revision, table, events } of REVISION_TRIGGERS) {
    for (const event of events) {
      const name = `club_${table}_${event.split(' ')[0]}_bump`;
      raw.exec(
        `create temp trigger if not exists ${name} after ${event} on main.${table} begin select club_revision_bump('${revision}'); end`,
      );
    }
  }
  inProcess.set(db, counters);
}

/** Whether this process is `db`'s only user: it sees every write (SQLite exclusive or in memory). */
export function ownsDatabase(db: Db): boolean {
  return inProcess.has(db);
}

/**
 * The current revisions of `db` (the root database, not a transaction): at once from this
 * process's counters when it owns the database, else read from the table.
 */
export async function currentRevisions(db: Db): Promise<Revisions> {
  const local = inProcess.get(db);
  if (local) return { catalogue: local.catalogue, sessions: local.sessions };
  let reader = readers.get(db);
  if (!reader) readers.set(db, (reader = sharedReads(() => revisionsInTable(db))));
  return reader();
}

const readers = new WeakMap<Db, () => Promise<Revisions>>();

/**
 * Reads that callers share, each sent after every caller sharing it asked: while one read is on
 * its way, the callers that come meanwhile wait for the next, which starts when it ends; all of
 * them then take that one's answer. A caller thus never takes an answer read before it asked (a
 * logout committed on another instance before this request arrived is seen), and under load one
 * read serves every request of a round trip instead of one each (one connection, not dozens).
 */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const p = read().finally(() => {
      if (running === p) running = null;
    });
    running = p;
    return p;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

async function revisionsInTable(db: Db): Promise<Revisions> {
  // A missing row reads as NaN, which equals nothing: nothing is then served from a cache.
  const out: Revisions = { catalogue: Number.NaN, sessions: Number.NaN };
  for (const row of await db.selectFrom('revisions').select(['name', 'value']).execute())
    out[row.name] = Number(row.value);
  return out;
}
