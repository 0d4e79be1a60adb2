import type { Kysely } from 'kysely';
import type { Compat } from './compat';

export const compat: Compat = 'expand';

/**
 * An in-store purchase belongs to one brand's store (glo or ogo): /feedback offers each variant
 * only its own purchases. Purchases imported before are glo's (the only stores then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('feedback_offline_purchases')
    .addColumn('brand', 'text', (c) => c.notNull().defaultTo('glo'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('feedback_offline_purchases').dropColumn('brand').execute();
}
