import type { MigrationSet } from './migrations/compat';

/** What the database records of one applied migration (table `migration_compat`). */
export interface AppliedRecord {
  name: string;
  kind: 'expand' | 'contract';
  /** The oldest schema level whose code may run once it has run; null: any. */
  oldestApp: string | null;
  /** The schema level of the version that applied it (or recorded it, for a database older than the records). */
  appliedBy: string;
}

/** A version's schema level: the name of its last migration. */
export const levelOf = (set: MigrationSet): string => Object.keys(set).sort().at(-1) ?? '';

/**
 * Each migration's record as this version writes it. The oldest level that may run once it has
 * run is the newest contract level up to it: a contract stays in force under the expands after it.
 */
export function recordsOf(set: MigrationSet): Map<string, Omit<AppliedRecord, 'appliedBy'>> {
  const names = Object.keys(set).sort();
  const out = new Map<string, Omit<AppliedRecord, 'appliedBy'>>();
  let floor: string | null = null;
  for (const name of names) {
    const compat = set[name]!.compat;
    if (compat !== 'expand') {
      if (!names.includes(compat.contract) || compat.contract > name) {
        throw new Error(
          `Migration ${name}: its contract names ${compat.contract}, which is not this migration or an earlier one`,
        );
      }
      if (floor === null || compat.contract > floor) floor = compat.contract;
    }
    out.set(name, { name, kind: compat === 'expand' ? 'expand' : 'contract', oldestApp: floor });
  }
  return out;
}

/** A version refused by a migration a newer version applied: the message names both levels. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly migration: string,
    readonly level: string,
    readonly record: AppliedRecord | undefined,
  ) {
    const why = record
      ? `applied by a newer version (schema level ${record.appliedBy}), lets only code of schema level ${record.oldestApp} or newer run on it`
      : 'was applied by a version that recorded no compatibility for it';
    super(
      `This version (schema level ${level}) cannot run on this database: migration ${migration} ${why}. ` +
        `Start a version that knows it, or undo it first with that version's \`npx tsx scripts/migrate.ts down-to ${level}\` ` +
        '(docs/operations.md, "Upgrades and rollbacks").',
    );
    this.name = 'SchemaTooNewError';
  }
}

/**
 * The applied migrations this version does not know (a newer version applied them), in order,
 * and the first of them that this version may not run on, if any.
 */
export function judgeUnknown(
  set: MigrationSet,
  executed: readonly string[],
  records: ReadonlyMap<string, AppliedRecord>,
): { unknown: AppliedRecord[]; refusal: SchemaTooNewError | null } {
  const level = levelOf(set);
  const unknown: AppliedRecord[] = [];
  let refusal: SchemaTooNewError | null = null;
  for (const name of [...executed].filter((n) => !(n in set)).sort()) {
    const record = records.get(name);
    if (record) unknown.push(record);
    if (!refusal && (!record || (record.oldestApp !== null && record.oldestApp > level))) {
      refusal = new SchemaTooNewError(name, level, record);
    }
  }
  return { unknown, refusal };
}
