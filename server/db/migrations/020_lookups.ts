import type { Kysely } from 'kysely';
import { dialectOf, withId } from './helpers';
import type { Compat } from './compat';

export const compat: Compat = 'expand';

/**
 * One row per look-up made without sign-in (login-sms «registered», check-email «free», the
 * registration's «already registered»), with the client address that made it: the per-client
 * look-up limits count these (server/security/lookup-budget.ts). Rows older than a day go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = await dialectOf(db);
  await withId(db.schema.createTable('lookups'), d)
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lookups_client').on('lookups').columns(['client', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lookups').ifExists().execute();
}
