import type { Kysely } from 'kysely';
import type { Compat } from './compat';

/**
 * Breaking: older code writes metafields without moving their revision, so a device's
 * If-Match write would overwrite a change made through it unseen: it cannot run beside this.
 */
export const compat: Compat = { contract: '009_sync' };

/**
 * Sync: metafields carry a revision (bumped by every write) so a client can write conditionally
 * (If-Match) and rebase its queued changes on what the server holds; idempotency keys record the
 * server process running them, and `instances` the processes alive, so a key left 'running' by a
 * process that died is taken over at once instead of after the stale limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('metafields')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('idempotency').addColumn('owner', 'text').execute();
  await db.schema
    .createTable('instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('instances_name').on('instances').column('name').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instances').ifExists().execute();
  await db.schema.alterTable('idempotency').dropColumn('owner').execute();
  await db.schema.alterTable('metafields').dropColumn('revision').execute();
}
