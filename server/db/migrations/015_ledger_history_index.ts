import type { Kysely } from 'kysely';
import type { Compat } from './compat';

export const compat: Compat = 'expand';

/**
 * A member's XP history (get-bonus-history) is read newest first, by time then id: this index
 * answers it in order, so the database reads the lines it returns and sorts nothing (before it,
 * every line of the member was read and sorted on each call, a cost that grew with the ledger).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('xp_ledger_customer_time')
    .on('xp_ledger')
    .columns(['customer_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('xp_ledger_customer_time').ifExists().execute();
}
