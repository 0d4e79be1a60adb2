import type { Kysely } from 'kysely';
import type { Compat } from './compat';

export const compat: Compat = 'expand';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_registrations')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'text')
    .addColumn('adult_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('referrer', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_changes')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text', (c) => c.notNull().defaultTo('/'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('login_tickets_member').on('login_tickets').column('member_id').execute();
  // Lookups of a member by e-mail (check-email, registration) ignore case.
  await db.schema.createIndex('members_email').on('members').column('email').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_email').ifExists().execute();
  for (const t of ['login_tickets', 'email_changes', 'pending_registrations']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
