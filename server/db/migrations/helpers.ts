import type { Kysely, CreateTableBuilder } from 'kysely';
import { isPostgres } from '../connect';

export type Dialect = 'sqlite' | 'postgres';

/** The dialect a migration runs on, read from the connection's adapter (no query: a failed one would abort the transaction). */
export async function dialectOf(db: Kysely<unknown>): Promise<Dialect> {
  return isPostgres(db) ? 'postgres' : 'sqlite';
}

/** An auto-increment integer primary key named `id` on either database. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
