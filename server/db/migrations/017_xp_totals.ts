import { sql, type Kysely } from 'kysely';
import type { Compat } from './compat';

const COLUMNS = ['xp_earned', 'xp_spent', 'xp_lines'] as const;

/**
 * Breaking: older code moves a balance without these totals, so the history's summary would drift from
 * the ledger: it cannot run beside this (the totals are filled from the ledger only once).
 */
export const compat: Compat = { contract: '017_xp_totals' };

/**
 * A record's XP totals (earned, spent, lines) kept beside its balance, moved by the same UPDATE
 * (server/xp.ts): the XP history's summary was an aggregate over the member's whole ledger on
 * every read, a cost that grew with the ledger (on PostgreSQL a second query that also waited for
 * a pool connection). Filled from the ledger for the records that exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  for (const c of COLUMNS)
    await db.schema
      .alterTable('customers')
      .addColumn(c, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  await sql`
    update customers set
      xp_earned = coalesce((select sum(case when amount > 0 then amount else 0 end) from xp_ledger where customer_id = customers.id), 0),
      xp_spent = coalesce((select sum(case when amount < 0 then -amount else 0 end) from xp_ledger where customer_id = customers.id), 0),
      xp_lines = (select count(*) from xp_ledger where customer_id = customers.id)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of COLUMNS) await db.schema.alterTable('customers').dropColumn(c).execute();
}
