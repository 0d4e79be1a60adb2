import type { Migration } from 'kysely';

/**
 * What a migration means for code that predates it, which still runs during a rolling upgrade
 * and is what a rollback starts again (server/db/migrations/README.md):
 * - `'expand'`: it only adds (a table, a nullable or defaulted column, an index, rows), and the
 *   new code copes with rows the older code writes: older code runs on.
 * - `{ contract: '<level>' }`: it removes or changes something older code reads or keeps up. Code
 *   whose schema level is `<level>` or newer (the release that stopped relying on it) runs on,
 *   older code refuses to start. A change that no earlier release was ready for names itself.
 */
export type Compat = 'expand' | { readonly contract: string };

/** A migration with its declared compatibility: every migration of server/db/migrations. */
export interface ClubMigration extends Migration {
  readonly compat: Compat;
}

/**
 * The migrations a version of the server knows, by name. A version's schema level is the name
 * of its last migration (names sort in order: `NNN_what`).
 */
export type MigrationSet = Readonly<Record<string, ClubMigration>>;
