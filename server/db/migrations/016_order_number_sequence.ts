import { sql, type Kysely } from 'kysely';
import { dialectOf } from './helpers';
import type { Compat } from './compat';

/** The shop's first order number (server/routes/shop/order-place.ts FIRST_ORDER_NUMBER). */
const FIRST_ORDER_NUMBER = 10_231;

/**
 * Breaking: older code takes order numbers from the counter row, which this release no longer moves on
 * PostgreSQL: beside it (or after a rollback to it) both would hand out the same numbers.
 */
export const compat: Compat = { contract: '016_order_number_sequence' };

/**
 * PostgreSQL: order numbers come from a sequence. Taken from the `shop_counters` row, every order
 * transaction held that one row's lock until it committed, so orders committed one after another
 * and could not share a WAL flush (create-order p99 over 450 ms at 50 members with 20 pool
 * connections). A sequence hands out numbers without a lock; a rolled-back order leaves a gap.
 * SQLite runs one writer at a time anyway and keeps the counter row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if ((await dialectOf(db)) !== 'postgres') return;
  const r = await sql<{
    n: string | number | null;
  }>`select max(value) as n from shop_counters where name = 'order_number'`.execute(db);
  const last = Math.max(Number(r.rows[0]?.n ?? 0), FIRST_ORDER_NUMBER - 1);
  await sql.raw(`create sequence if not exists order_numbers start with ${last + 1}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if ((await dialectOf(db)) !== 'postgres') return;
  await sql`drop sequence if exists order_numbers`.execute(db);
}
