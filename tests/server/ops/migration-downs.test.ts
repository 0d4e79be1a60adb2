import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../../server/db/connect';
import { migrateDownTo, migrateToLatest } from '../../../server/db/migrate';
import { migrations } from '../../../server/db/migrations/index';
import { sharedDatabase, type SharedDatabase } from './versions';

// Every down() is reachable through `scripts/migrate.ts down-to`, so each must undo its up()
// exactly: undoing everything down to the first migration leaves the schema a database migrated
// only to the first one has, and migrating up again gives back the schema of a fresh database.
// On SQLite, and on PostgreSQL with TEST_DATABASE_URL.

const names = Object.keys(migrations).sort();
const FIRST = names[0]!;
const BOOKKEEPING = ['kysely_migration', 'kysely_migration_lock', 'migration_compat'];

/** Tables with their columns, indexes, constraints, triggers, sequences and functions, as text. */
async function schemaOf(h: DbHandle): Promise<string[]> {
  const db = h.db as unknown as Kysely<unknown>;
  const rows = async (q: ReturnType<typeof sql>) =>
    ((await q.execute(db)).rows as Array<Record<string, unknown>>).map((r) => JSON.stringify(r));
  if (h.dialect === 'sqlite') {
    const objects = (
      await sql<{
        type: string;
        name: string;
        sql: string | null;
      }>`select type, name, sql from sqlite_master where name not like 'sqlite_%' order by name`.execute(db)
    ).rows.filter((o) => !BOOKKEEPING.includes(o.name));
    const out: string[] = [];
    for (const o of objects) {
      // A table's stored text keeps how it was altered; its columns are what counts.
      if (o.type === 'table')
        out.push(
          `table ${o.name}`,
          ...(await rows(sql`select name, type, "notnull", dflt_value, pk from pragma_table_info(${o.name})`)),
        );
      else out.push(`${o.type} ${o.name}: ${o.sql}`);
    }
    return out;
  }
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s;
  return [
    ...(await rows(
      sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`,
    )),
    ...(await rows(
      sql`select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema() order by indexname`,
    )),
    ...(await rows(
      sql`select table_name, constraint_name, constraint_type from information_schema.table_constraints where table_schema = current_schema() and constraint_type <> 'CHECK' order by constraint_name`,
    )),
    ...(await rows(
      sql`select trigger_name, event_manipulation, event_object_table from information_schema.triggers where trigger_schema = current_schema() order by 1, 2`,
    )),
    ...(await rows(
      sql`select sequence_name from information_schema.sequences where sequence_schema = current_schema() order by 1`,
    )),
    ...(await rows(sql`select proname from pg_proc where pronamespace = current_schema()::regnamespace order by 1`)),
  ]
    .filter((r) => !BOOKKEEPING.some((t) => r.includes(`"${t}`)))
    .map((r) => r.replaceAll(`${schema}.`, ''));
}

let full: SharedDatabase;
let first: SharedDatabase;
let a: DbHandle;
let b: DbHandle;
const schemaOpt = (d: SharedDatabase) => ({ schema: d.schema });

beforeAll(async () => {
  full = sharedDatabase();
  first = sharedDatabase();
  a = await connect(full.connect);
  b = await connect(first.connect);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await full?.close();
  await first?.close();
});

describe('down-to runs every down(), each undoing its up()', () => {
  it('every migration but the first has a down()', () => {
    expect(names.filter((n) => !migrations[n]!.down)).toEqual([FIRST]);
  });

  it(`down to ${FIRST} leaves the schema of a database migrated only to it; up again gives the latest schema back`, async () => {
    await migrateToLatest(a.db as never, schemaOpt(full));
    const latest = await schemaOf(a);
    const undone = await migrateDownTo(a.db as never, FIRST, schemaOpt(full));
    expect(undone).toEqual(names.slice(1).reverse());
    await migrateToLatest(b.db as never, { ...schemaOpt(first), migrations: { [FIRST]: migrations[FIRST]! } });
    expect(await schemaOf(a)).toEqual(await schemaOf(b));
    const again = await migrateToLatest(a.db as never, schemaOpt(full));
    expect(again.applied.map((x) => x.name)).toEqual(names.slice(1));
    expect(await schemaOf(a)).toEqual(latest);
    expect(latest.length).toBeGreaterThan(100);
  }, 60_000);
});
