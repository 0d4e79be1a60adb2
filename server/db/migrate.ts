import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Logger } from '../ops/log';
import { migrations } from './migrations/index';
import type { MigrationSet } from './migrations/compat';
import { judgeUnknown, levelOf, recordsOf, type AppliedRecord } from './migration-plan';
import { deleteRecord, ensureRecordsTable, readApplied, writeRecord } from './migration-records';

export interface MigrateOptions {
  /** The migrations this version knows (default: server/db/migrations/index.ts); a test plays another version with its own. */
  migrations?: MigrationSet;
  /** PostgreSQL: the schema being migrated, which holds the bookkeeping tables too. */
  schema?: string;
  /** Gets one line per migration applied (name, ms), then one with this version's level and the newer migrations it runs on. */
  log?: Pick<Logger, 'info'>;
  /** Told before each migration runs, and null once all have (the readiness answer while starting, server/main.ts). */
  onProgress?: (p: MigrationProgress | null) => void;
}

/** The migration being applied: its name and its place among those pending (1-based). */
export interface MigrationProgress {
  name: string;
  step: number;
  of: number;
}

export interface MigrateResult {
  /** This version's schema level (its last migration). */
  level: string;
  applied: Array<{ name: string; ms: number }>;
  /** Migrations a newer version applied, all compatible with this one (else it throws). */
  unknown: AppliedRecord[];
}

/**
 * Brings the schema up to this version's level. Migrations a newer version applied are allowed
 * when their records let this version's level run on them, else it throws a SchemaTooNewError
 * naming the migration and both levels. Kysely's Migrator runs the pending ones with its own
 * table and lock (it refuses executed migrations it is not given, so those get stand-ins that
 * cannot run); each is recorded (migration_compat) in the transaction that applies it.
 */
export async function migrateToLatest(db: Kysely<unknown>, opts: MigrateOptions = {}): Promise<MigrateResult> {
  const set = opts.migrations ?? migrations;
  const level = levelOf(set);
  const own = recordsOf(set);
  await ensureRecordsTable(db, opts.schema);
  for (let attempt = 0; ; attempt += 1) {
    const { executed, records } = await readApplied(db, opts.schema);
    const names = executed.map((e) => e.name);
    const { unknown, refusal } = judgeUnknown(set, names, records);
    if (refusal) throw refusal;
    // A database older than the records (or a crash between a migration and its record).
    for (const name of names) {
      const mine = own.get(name);
      if (mine && !records.has(name)) await writeRecord(db, { ...mine, appliedBy: level }, opts.schema);
    }
    const pending = Object.keys(set)
      .sort()
      .filter((n) => !names.includes(n));
    const applied: MigrateResult['applied'] = [];
    const given: Record<string, Migration> = { ...standIns(unknown.map((u) => u.name)) };
    for (const [name, m] of Object.entries(set)) {
      given[name] = {
        async up(trx) {
          opts.onProgress?.({ name, step: pending.indexOf(name) + 1, of: pending.length });
          const t = performance.now();
          await m.up(trx);
          await writeRecord(trx, { ...own.get(name)!, appliedBy: level }, opts.schema);
          applied.push({ name, ms: Math.round(performance.now() - t) });
        },
      };
    }
    const { error, results } = await migratorOf(db, given, opts.schema).migrateToLatest();
    // Another instance applied a migration between the read above and Kysely's lock: judge again.
    if (error && attempt === 0 && String(error).includes('corrupted migrations')) continue;
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    opts.onProgress?.(null);
    for (const a of applied) opts.log?.info({ migration: a.name, ms: a.ms }, 'migration applied');
    // Always one line with the level: which version an instance is, and what it runs on.
    const newer = unknown.map((u) => u.name);
    opts.log?.info(
      { schemaLevel: level, newer },
      newer.length
        ? 'running on migrations of a newer version, which let this one run'
        : "schema at this version's level",
    );
    return { level, applied, unknown };
  }
}

/**
 * Runs the down() of every migration applied after `target`, newest first, each forgetting its
 * record in the same transaction (PostgreSQL). Refused when one of them is unknown to this version
 * (the newer version that applied it must undo it) or has no down().
 */
export async function migrateDownTo(
  db: Kysely<unknown>,
  target: string,
  opts: Pick<MigrateOptions, 'migrations' | 'schema'> = {},
): Promise<string[]> {
  const set = opts.migrations ?? migrations;
  await ensureRecordsTable(db, opts.schema);
  const undo = await planDownTo(db, target, opts);
  const given: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(set)) {
    given[name] = {
      up: () => Promise.reject(new Error(`${name} is not to be applied while undoing`)),
      async down(trx) {
        await m.down!(trx);
        await deleteRecord(trx, name, opts.schema);
      },
    };
  }
  const { error, results } = await migratorOf(db, given, opts.schema).migrateTo(target);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Undoing ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  return undo;
}

/** The migrations `down-to target` would undo, newest first; throws when it cannot undo them. */
export async function planDownTo(
  db: Kysely<unknown>,
  target: string,
  opts: Pick<MigrateOptions, 'migrations' | 'schema'> = {},
): Promise<string[]> {
  const set = opts.migrations ?? migrations;
  const { executed } = await readApplied(db, opts.schema);
  // In the order Kysely undoes them: by the time each was applied, then by name.
  const names = executed
    .sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime() || a.name.localeCompare(b.name))
    .map((e) => e.name);
  if (!(target in set)) throw new Error(`${target} is not a migration of this version (schema level ${levelOf(set)})`);
  if (!names.includes(target)) throw new Error(`${target} is not applied: nothing to undo`);
  const after = names.slice(names.indexOf(target) + 1).reverse();
  const foreign = after.filter((n) => !(n in set));
  if (foreign.length) {
    throw new Error(
      `${foreign.join(', ')} ${foreign.length > 1 ? 'were' : 'was'} applied by a newer version: undo with that version's scripts/migrate.ts first`,
    );
  }
  const noDown = after.filter((n) => !set[n]!.down);
  if (noDown.length) throw new Error(`${noDown.join(', ')} cannot be undone (no down())`);
  return after;
}

/** Migrations applied by a newer version: known to Kysely so it does not refuse them, never run here. */
function standIns(names: readonly string[]): Record<string, Migration> {
  const refuse = (name: string) => () => Promise.reject(new Error(`${name} belongs to a newer version`));
  return Object.fromEntries(names.map((name) => [name, { up: refuse(name), down: refuse(name) }]));
}

function migratorOf(db: Kysely<unknown>, given: Record<string, Migration>, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => given },
    // On PostgreSQL the bookkeeping tables live in the schema being migrated.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}
