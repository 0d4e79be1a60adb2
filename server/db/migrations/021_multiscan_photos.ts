import type { Kysely } from 'kysely';
import { dialectOf, withId } from './helpers';
import type { Compat } from './compat';

export const compat: Compat = 'expand';

/**
 * Every photo the multiscan call read, with what became of each code in it: the
 * member's «Надіслані фото» come from here on any device, not from one phone's memory. The photo
 * itself is not kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = await dialectOf(db);
  await withId(db.schema.createTable('multiscan_photos'), d)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('found', 'integer', (c) => c.notNull())
    .addColumn('awarded', 'integer', (c) => c.notNull())
    .addColumn('xp_total', 'integer', (c) => c.notNull())
    .addColumn('codes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('multiscan_photos_customer_time')
    .on('multiscan_photos')
    .columns(['customer_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('multiscan_photos_customer_time').ifExists().execute();
  await db.schema.dropTable('multiscan_photos').ifExists().execute();
}
