import { PostgresAdapter, type Kysely, type CreateTableBuilder } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** The dialect a migration runs on, read from the connection's adapter (no query: a failed one would abort the transaction). */
export async function dialectOf(db: Kysely<unknown>): Promise<Dialect> {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An auto-increment integer primary key named `id` on either database. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
