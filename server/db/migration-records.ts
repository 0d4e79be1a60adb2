import { sql, type Kysely } from 'kysely';
import { isPostgres } from './connect';
import type { AppliedRecord } from './migration-plan';

/**
 * Beside Kysely's own table (`kysely_migration`, which it reads and writes as ever), one row per
 * applied migration saying which code may still run on it (server/db/migrations/README.md): read
 * by versions that do not know that migration. Created by the runner, not by a migration, so
 * that a database older than it gets it on the first start of a version that has it.
 */
const TABLE = 'migration_compat';
const KYSELY_TABLE = 'kysely_migration';

interface Tables {
  migration_compat: { name: string; kind: string; oldest_app: string | null; applied_by: string; recorded_at: string };
  kysely_migration: { name: string; timestamp: string };
}

/** The tables, in `schema` when one is named (PostgreSQL: where Kysely keeps its own). */
const tablesOf = (db: Kysely<unknown>, schema?: string) => {
  const t = db as unknown as Kysely<Tables>;
  return schema ? t.withSchema(schema) : t;
};

/** One catalogue look-up (Kysely's introspection reads every column of every schema's tables). */
async function exists(db: Kysely<unknown>, table: string, schema?: string): Promise<boolean> {
  if (isPostgres(db)) {
    // Unqualified, the name is looked up along the search path, as the queries will be.
    const name = schema ? `"${schema.replace(/"/g, '')}".${table}` : table;
    return (await sql<{ t: string | null }>`select to_regclass(${name})::text as t`.execute(db)).rows[0]?.t != null;
  }
  return (await sql`select 1 from sqlite_master where type = 'table' and name = ${table}`.execute(db)).rows.length > 0;
}

/** Creates the records' table when missing; another instance creating it at the same moment is fine. */
export async function ensureRecordsTable(db: Kysely<unknown>, schema?: string): Promise<void> {
  if (await exists(db, TABLE, schema)) return;
  const builder = schema ? db.schema.withSchema(schema) : db.schema;
  try {
    await builder
      .createTable(TABLE)
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('oldest_app', 'text')
      .addColumn('applied_by', 'text', (c) => c.notNull())
      .addColumn('recorded_at', 'text', (c) => c.notNull())
      .execute();
  } catch (e) {
    // PostgreSQL: two `create table if not exists` at once can still collide in its catalogue.
    if (!(await exists(db, TABLE, schema))) throw e;
  }
}

/** The applied migrations (Kysely's table: name and time) and the records kept of them; reads only. */
export async function readApplied(
  db: Kysely<unknown>,
  schema?: string,
): Promise<{ executed: Array<{ name: string; at: string }>; records: Map<string, AppliedRecord> }> {
  const t = tablesOf(db, schema);
  const executed = (await exists(db, KYSELY_TABLE, schema))
    ? (await t.selectFrom('kysely_migration').select(['name', 'timestamp']).execute()).map((r) => ({
        name: r.name,
        at: r.timestamp,
      }))
    : [];
  const rows = (await exists(db, TABLE, schema)) ? await t.selectFrom('migration_compat').selectAll().execute() : [];
  const records = new Map<string, AppliedRecord>();
  for (const r of rows) {
    records.set(r.name, {
      name: r.name,
      kind: r.kind === 'expand' ? 'expand' : 'contract',
      oldestApp: r.oldest_app,
      appliedBy: r.applied_by,
    });
  }
  return { executed, records };
}

/** Records a migration (in the transaction that applies it, when there is one); a record already there stays. */
export async function writeRecord(db: Kysely<unknown>, record: AppliedRecord, schema?: string): Promise<void> {
  await tablesOf(db, schema)
    .insertInto('migration_compat')
    .values({
      name: record.name,
      kind: record.kind,
      oldest_app: record.oldestApp,
      applied_by: record.appliedBy,
      recorded_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Forgets a migration's record (its down() has run). */
export async function deleteRecord(db: Kysely<unknown>, name: string, schema?: string): Promise<void> {
  await tablesOf(db, schema).deleteFrom('migration_compat').where('name', '=', name).execute();
}
