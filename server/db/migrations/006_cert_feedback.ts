import type { Kysely } from 'kysely';
import { dialectOf, withId } from './helpers';
import type { Compat } from './compat';

export const compat: Compat = 'expand';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('cert_partners'), d)
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('#333333'))
    .addColumn('code_prefix', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('cert_partners_category').on('cert_partners').columns(['category_id', 'sort']).execute();

  await withId(db.schema.createTable('cert_nominals'), d)
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('cert_partners.id').onDelete('cascade'))
    .addColumn('nominal', 'integer', (c) => c.notNull())
    .addColumn('xp_price', 'integer', (c) => c.notNull())
    .addUniqueConstraint('cert_nominals_partner_nominal', ['partner_id', 'nominal'])
    .execute();

  await withId(db.schema.createTable('cert_accounts'), d)
    .addColumn('member_id', 'integer', (c) => c.notNull().unique().references('members.id').onDelete('cascade'))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('cert_certificates'), d)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('cert_partners.id'))
    .addColumn('nominal', 'integer', (c) => c.notNull())
    .addColumn('xp_price', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('cert_certificates_member')
    .on('cert_certificates')
    .columns(['member_id', 'id'])
    .execute();

  await db.schema
    .createTable('cert_pins')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('pin_hash', 'text')
    .addColumn('pending_hash', 'text')
    .addColumn('sms_hash', 'text')
    .addColumn('sms_sent_at', 'text')
    .addColumn('sms_expires_at', 'text')
    .addColumn('sms_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cert_pin_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('feedback_offline_purchases'), d)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('store_name', 'text', (c) => c.notNull())
    .addColumn('store_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('purchased_at', 'text', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('external_ref', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('feedback_offline_member_ref', ['member_id', 'external_ref'])
    .execute();

  await withId(db.schema.createTable('feedback_entries'), d)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('shop', 'text', (c) => c.notNull())
    // One feedback per order and per in-store purchase: NULLs do not collide on either database.
    .addColumn('order_id', 'integer', (c) => c.unique().references('orders.id').onDelete('cascade'))
    .addColumn('offline_purchase_id', 'integer', (c) =>
      c.unique().references('feedback_offline_purchases.id').onDelete('cascade'),
    )
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_entries_member').on('feedback_entries').columns(['member_id', 'id']).execute();

  await withId(db.schema.createTable('feedback_photos'), d)
    .addColumn('feedback_id', 'integer', (c) => c.notNull().references('feedback_entries.id').onDelete('cascade'))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', d === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_photos_feedback').on('feedback_photos').column('feedback_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'feedback_photos',
    'feedback_entries',
    'feedback_offline_purchases',
    'cert_pin_tokens',
    'cert_pins',
    'cert_certificates',
    'cert_accounts',
    'cert_nominals',
    'cert_partners',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
