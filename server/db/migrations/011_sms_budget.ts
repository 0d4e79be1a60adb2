import type { Kysely } from 'kysely';
import { dialectOf, withId } from './helpers';
import type { Compat } from './compat';

export const compat: Compat = 'expand';

/**
 * One row per SMS code sent, with the client address that asked for it: the per-client and
 * global SMS limits count these (server/security/sms-budget.ts). Rows older than a day are purged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = await dialectOf(db);
  await withId(db.schema.createTable('sms_sends'), d)
    .addColumn('client', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_sends_client').on('sms_sends').columns(['client', 'created_at']).execute();
  await db.schema.createIndex('sms_sends_created').on('sms_sends').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_sends').ifExists().execute();
}
