import type { Kysely } from 'kysely';
import { dialectOf, withId } from './helpers';
import type { Compat } from './compat';

export const compat: Compat = 'expand';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = await dialectOf(db);

  await withId(db.schema.createTable('content_pages'), d)
    .addColumn('page_id', 'integer', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('content_pages_page_variant', ['page_id', 'variant'])
    .execute();

  await withId(db.schema.createTable('news'), d)
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('lead', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('art', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_published').on('news').columns(['variant', 'published_at']).execute();

  await withId(db.schema.createTable('vocabulary_terms'), d)
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addUniqueConstraint('vocabulary_terms_section_term', ['section', 'term'])
    .execute();

  await withId(db.schema.createTable('invite_velo_codes'), d)
    .addColumn('member_id', 'integer', (c) => c.notNull().unique().references('members.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('subscription_plans'), d)
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('packs', 'integer', (c) => c.notNull())
    .addColumn('interval_days', 'integer', (c) => c.notNull())
    .addColumn('xp_bonus', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('subscriptions'), d)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('subscription_plans.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_key', 'integer', (c) => c.unique())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('next_delivery_at', 'text')
    .addColumn('paused_until', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_customer').on('subscriptions').columns(['customer_id', 'id']).execute();

  await withId(db.schema.createTable('subscription_events'), d)
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_events_sub')
    .on('subscription_events')
    .columns(['subscription_id', 'id'])
    .execute();

  await withId(db.schema.createTable('subscription_deliveries'), d)
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
    .addColumn('scheduled_for', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('packs', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('xp_awarded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_deliveries_sub')
    .on('subscription_deliveries')
    .columns(['subscription_id', 'scheduled_for'])
    .execute();

  await withId(db.schema.createTable('marathons'), d)
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('marathon_stages'), d)
    .addColumn('marathon_id', 'integer', (c) => c.notNull().references('marathons.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('marathon_stages_number', ['marathon_id', 'number'])
    .execute();

  await withId(db.schema.createTable('marathon_questions'), d)
    .addColumn('marathon_id', 'integer', (c) => c.notNull().references('marathons.id').onDelete('cascade'))
    .addColumn('stage_id', 'integer', (c) => c.notNull().references('marathon_stages.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('correct_option', 'integer', (c) => c.notNull())
    .addColumn('xp', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('marathon_questions_marathon')
    .on('marathon_questions')
    .columns(['marathon_id', 'sort'])
    .execute();

  await withId(db.schema.createTable('marathon_answers'), d)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('marathon_questions.id').onDelete('cascade'))
    .addColumn('option_id', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('xp_awarded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('marathon_answers_once', ['member_id', 'question_id'])
    .execute();

  await withId(db.schema.createTable('brand_stores'), d)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('hours', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('lat_e6', 'integer', (c) => c.notNull())
    .addColumn('lng_e6', 'integer', (c) => c.notNull())
    .addColumn('services', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('brand_stores_city').on('brand_stores').columns(['city', 'sort']).execute();
}

const TABLES = [
  'brand_stores',
  'marathon_answers',
  'marathon_questions',
  'marathon_stages',
  'marathons',
  'subscription_deliveries',
  'subscription_events',
  'subscriptions',
  'subscription_plans',
  'invite_velo_codes',
  'vocabulary_terms',
  'news',
  'content_pages',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of TABLES) await db.schema.dropTable(t).ifExists().execute();
}
