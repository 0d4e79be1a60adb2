import type { Kysely } from 'kysely';
import type { Compat } from './compat';
import { dialectOf, withId } from './helpers';

/**
 * A friend's first order with a REW- code owes its referrer XP only once the order is paid or
 * handed over: the credit waits here, `pending`, and the XP history shows it so.
 */
// Older code credits at once when the order is placed and never reads this table; a credit this
// release leaves pending is settled by its own check, whichever instance marked the order paid.
export const compat: Compat = 'expand';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = await dialectOf(db);
  await withId(db.schema.createTable('referral_credits'), d)
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('referrer_member_id', 'integer', (c) => c.notNull())
    .addColumn('friend_member_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  // The history reads a record's pending credits; the yearly count a referrer's credited ones; the check every pending one.
  await db.schema
    .createIndex('referral_credits_customer_state')
    .on('referral_credits')
    .columns(['customer_id', 'state'])
    .execute();
  await db.schema
    .createIndex('referral_credits_referrer_state')
    .on('referral_credits')
    .columns(['referrer_member_id', 'state', 'settled_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('referral_credits_referrer_state').ifExists().execute();
  await db.schema.dropIndex('referral_credits_customer_state').ifExists().execute();
  await db.schema.dropTable('referral_credits').ifExists().execute();
}
