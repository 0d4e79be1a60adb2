import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from './connect';

/*
 * XP balances in memory, for a database only this process uses (SQLite exclusive or in memory).
 *
 * get-balance is the app's most frequent call (every screen with the XP badge, every return to the
 * app), and its one indexed read was the largest cost of the call. Like the revisions in
 * server/db/revisions.ts, this relies on every write going through this process's one connection:
 * TEMP triggers (this connection's own, never stored in the file) call back into this process on
 * any insert, update or delete of a `customers` row, whoever issues it (an order, a scan, the
 * seed, an import run through the server), and the member's entries are dropped at that moment,
 * before the write even commits. A write rolled back later leaves a miss, never a stale answer.
 *
 * An entry is stored only when nothing changed a balance between the read and the store (a change
 * counter), and never from inside a transaction (which may read its own uncommitted writes). With
 * PostgreSQL, or a SQLite file other processes may open, there is no cache: every read goes to the
 * database.
 */

interface Balances {
  /** memberId → variant → balance. */
  byMember: Map<number, Map<string, number>>;
  /** Bumped by every change of a `customers` row: a read that straddles one is not stored. */
  changes: number;
}

/** Enough for every member active at once on one instance; when full, it starts over. */
const MAX_MEMBERS = 100_000;

const byDb = new WeakMap<Db, Balances>();

/** Starts caching the balances of `db`, whose only connection is `raw`. Call it after the migrations. */
export function cacheBalancesInProcess(db: Db, raw: BetterSqlite3.Database): void {
  const balances: Balances = { byMember: new Map(), changes: 0 };
  raw.function('club_balance_changed', { deterministic: false }, (memberId: unknown) => {
    balances.changes += 1;
    balances.byMember.delete(Number(memberId));
    return null;
  });
  const triggers = {
    insert: 'select club_balance_changed(new.member_id);',
    update: 'select club_balance_changed(old.member_id); select club_balance_changed(new.member_id);',
    delete: 'select club_balance_changed(old.member_id);',
  };
  for (const [event, body] of Object.entries(triggers)) {
    raw.exec(`create temp trigger if not exists club_customers_${event}_balance after ${event} on main.customers begin ${body} end`);
  }
  byDb.set(db, balances);
}

/** The cache of `db`, or null when it keeps none (see above) or is a transaction. */
function cacheOf(db: Db): Balances | null {
  return db.isTransaction ? null : (byDb.get(db) ?? null);
}

/** A cached balance of a member's record of `variant`, or undefined. */
export function cachedBalance(db: Db, memberId: number, variant: string): number | undefined {
  return cacheOf(db)?.byMember.get(memberId)?.get(variant);
}

/** The count of balance changes so far: taken before a read, handed to `storeBalance` after it. */
export function balanceChanges(db: Db): number {
  return cacheOf(db)?.changes ?? 0;
}

/** Keeps a balance read from the database, unless any balance changed since `changesBefore`. */
export function storeBalance(db: Db, memberId: number, variant: string, balance: number, changesBefore: number): void {
  const balances = cacheOf(db);
  if (!balances || balances.changes !== changesBefore) return;
  let member = balances.byMember.get(memberId);
  if (!member) {
    if (balances.byMember.size >= MAX_MEMBERS) balances.byMember.clear();
    balances.byMember.set(memberId, (member = new Map()));
  }
  member.set(variant, balance);
}
