import type { Kysely } from 'kysely';
import { dialectOf, withId } from './helpers';
import type { Compat } from './compat';

/** Order columns the shop group adds to 003's table; each has a default so older rows stay valid. */
const ORDER_COLUMNS: ReadonlyArray<[string, 'integer' | 'text', number | string | null]> = [
  ['subtotal', 'integer', 0],
  ['discount', 'integer', 0],
  ['shipping_option', 'integer', 1],
  ['delivery_method', 'integer', 1],
  ['delivery_city', 'text', ''],
  ['delivery_address', 'text', ''],
  ['shipment_status', 'text', null],
];

export const compat: Compat = 'expand';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('products'), d)
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull().unique())
    .addColumn('variant_id', 'integer', (c) => c.notNull().unique())
    .addColumn('collection_id', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sub_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('xp_price', 'integer')
    .addColumn('pack_size', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('art', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_variant').on('products').columns(['variant', 'collection_id']).execute();

  await db.schema
    .createTable('collection_products')
    .addColumn('collection_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('collection_products_pk', ['collection_id', 'product_id'])
    .execute();
  await db.schema.createIndex('collection_products_product').on('collection_products').column('product_id').execute();

  for (const [name, type, dflt] of ORDER_COLUMNS) {
    // One column per statement: SQLite's ALTER TABLE adds only one at a time.
    await db.schema
      .alterTable('orders')
      .addColumn(name, type, (c) => (dflt === null ? c : c.notNull().defaultTo(dflt)))
      .execute();
  }

  await withId(db.schema.createTable('card_payments'), d)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider_order_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('callback', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('card_payments_order').on('card_payments').column('order_id').execute();

  await withId(db.schema.createTable('call_back_requests'), d)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('call_date', 'text', (c) => c.notNull())
    .addColumn('time_from', 'text', (c) => c.notNull())
    .addColumn('time_to', 'text', (c) => c.notNull())
    .addColumn('client_figures', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('orders_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_spent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('call_back_requests_member')
    .on('call_back_requests')
    .columns(['member_id', 'id'])
    .execute();

  await withId(db.schema.createTable('order_promocodes'), d)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('shop_domain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('referrer_member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('order_promocodes_order_code', ['order_id', 'code'])
    .execute();
  await db.schema
    .createIndex('order_promocodes_referrer')
    .on('order_promocodes')
    .columns(['referrer_member_id', 'created_at'])
    .execute();

  await withId(db.schema.createTable('devices'), d)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('serial', 'text', (c) => c.notNull().unique())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('devices_member').on('devices').columns(['member_id', 'variant']).execute();

  await db.schema
    .createTable('shop_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('shop_settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'shop_settings',
    'shop_counters',
    'devices',
    'order_promocodes',
    'call_back_requests',
    'card_payments',
    'collection_products',
    'products',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  for (const [name] of [...ORDER_COLUMNS].reverse()) await db.schema.alterTable('orders').dropColumn(name).execute();
}
