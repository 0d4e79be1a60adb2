import { sql, type Kysely } from 'kysely';
import { dialectOf } from './helpers';
import type { Compat } from './compat';

/**
 * Revision counters that the database itself bumps, in the same transaction, whenever the data
 * behind a server-side cache changes, whoever changes it (the app, the seed, an import, an
 * operator's SQL, another server instance):
 * - `catalogue`: any insert, update or delete of `products` or `collection_products` (the
 *   serialized collection lists, server/routes/shop/catalogue-cache.ts);
 * - `sessions`: any update or delete of `sessions` (a revoked token), a member's phone changed or a
 *   member deleted (the bearer check's session cache, server/security/session-cache.ts).
 * A cache entry is only used while the revision it was built under is still current (read from
 * this table on every request, see server/db/revisions.ts), so a change shows on the very next
 * request on every instance. Triggers have no portable form in Kysely's schema builder: one set
 * per dialect, in SQL.
 */
export const REVISION_TRIGGERS: ReadonlyArray<{
  revision: 'catalogue' | 'sessions';
  table: string;
  events: readonly string[];
}> = [
  { revision: 'catalogue', table: 'products', events: ['insert', 'update', 'delete'] },
  { revision: 'catalogue', table: 'collection_products', events: ['insert', 'update', 'delete'] },
  { revision: 'sessions', table: 'sessions', events: ['update', 'delete'] },
  { revision: 'sessions', table: 'members', events: ['update of phone', 'delete'] },
];

const triggerName = (table: string, event: string) => `${table}_${event.split(' ')[0]}_revision`;

export const compat: Compat = 'expand';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = await dialectOf(db);
  await db.schema
    .createTable('revisions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into revisions (name, value) values ('catalogue', 1), ('sessions', 1)`.execute(db);
  const bump = (revision: string) => `update revisions set value = value + 1 where name = '${revision}'`;
  if (d === 'sqlite') {
    for (const { revision, table, events } of REVISION_TRIGGERS) {
      for (const event of events) {
        await sql
          .raw(`create trigger ${triggerName(table, event)} after ${event} on ${table} begin ${bump(revision)}; end`)
          .execute(db);
      }
    }
    return;
  }
  for (const revision of ['catalogue', 'sessions']) {
    await sql
      .raw(
        `create function bump_${revision}_revision() returns trigger language plpgsql as $$ begin ${bump(revision)}; return null; end $$`,
      )
      .execute(db);
  }
  // Once per statement, however many rows it touches; TRUNCATE counts too.
  for (const { revision, table, events } of REVISION_TRIGGERS) {
    const on = events.some((e) => e === 'delete') ? [...events, 'truncate'] : events;
    await sql
      .raw(
        `create trigger ${table}_revision after ${on.join(' or ')} on ${table} for each statement execute function bump_${revision}_revision()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const d = await dialectOf(db);
  for (const { table, events } of REVISION_TRIGGERS) {
    if (d === 'sqlite')
      for (const event of events) await sql.raw(`drop trigger if exists ${triggerName(table, event)}`).execute(db);
    else await sql.raw(`drop trigger if exists ${table}_revision on ${table}`).execute(db);
  }
  if (d === 'postgres')
    for (const revision of ['catalogue', 'sessions'])
      await sql.raw(`drop function if exists bump_${revision}_revision()`).execute(db);
  await db.schema.dropTable('revisions').ifExists().execute();
}
