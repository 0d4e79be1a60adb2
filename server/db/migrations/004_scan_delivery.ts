import type { Kysely } from 'kysely';
import { dialectOf, withId } from './helpers';
import type { Compat } from './compat';

export const compat: Compat = 'expand';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('scan_codes'), d)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('xp', 'integer', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('batch', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('used_via', 'text')
    .execute();
  await db.schema.createIndex('scan_codes_used_by').on('scan_codes').columns(['used_by', 'used_at']).execute();

  await withId(db.schema.createTable('scan_managers'), d)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('manager', 'text', (c) => c.notNull())
    .addColumn('manager_from', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('scan_managers_customer_brand', ['customer_id', 'brand'])
    .execute();

  await withId(db.schema.createTable('np_cities'), d)
    .addColumn('ref', 'text', (c) => c.notNull().unique())
    .addColumn('delivery_city_ref', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('settlement_type', 'text', (c) => c.notNull())
    .addColumn('area', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('search_uk', 'text', (c) => c.notNull())
    .addColumn('search_lat', 'text', (c) => c.notNull())
    .addColumn('popular_rank', 'integer')
    .addColumn('population', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('np_cities_search_uk').on('np_cities').column('search_uk').execute();
  await db.schema.createIndex('np_cities_search_lat').on('np_cities').column('search_lat').execute();

  await withId(db.schema.createTable('np_branches'), d)
    .addColumn('ref', 'text', (c) => c.notNull().unique())
    .addColumn('city_ref', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('short_address', 'text', (c) => c.notNull())
    .addColumn('search_key', 'text', (c) => c.notNull())
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('max_weight_kg', 'integer', (c) => c.notNull())
    .addUniqueConstraint('np_branches_city_number', ['city_ref', 'number'])
    .execute();

  await withId(db.schema.createTable('ipost_requests'), d)
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('flat', 'text', (c) => c.notNull())
    .addColumn('delivery_date', 'text', (c) => c.notNull())
    .addColumn('time_from', 'text', (c) => c.notNull())
    .addColumn('time_to', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('tracking', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ipost_requests_member').on('ipost_requests').column('member_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['ipost_requests', 'np_branches', 'np_cities', 'scan_managers', 'scan_codes']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
