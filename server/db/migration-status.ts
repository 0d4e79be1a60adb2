import type { Kysely } from 'kysely';
import { migrations } from './migrations/index';
import type { MigrationSet } from './migrations/compat';
import { judgeUnknown, levelOf, recordsOf } from './migration-plan';
import { readApplied } from './migration-records';

/** One migration as the operator's `scripts/migrate.ts status` lists it. */
export interface StatusRow {
  name: string;
  /** applied, pending (this version would apply it), unknown (a newer version applied it). */
  state: 'applied' | 'pending' | 'unknown';
  kind: 'expand' | 'contract' | 'unrecorded';
  /** The oldest schema level whose code may run once it has run; null: any. */
  oldestApp: string | null;
  appliedAt: string | null;
  appliedBy: string | null;
  /** Whether this version may run with it applied. */
  runsHere: boolean;
}

/** Every migration this version knows or the database holds, in order; reads only. */
export async function migrationStatus(
  db: Kysely<unknown>,
  opts: { migrations?: MigrationSet; schema?: string } = {},
): Promise<{ level: string; rows: StatusRow[]; refusal: string | null }> {
  const set = opts.migrations ?? migrations;
  const own = recordsOf(set);
  const { executed, records } = await readApplied(db, opts.schema);
  const at = new Map(executed.map((e) => [e.name, e.at]));
  const { refusal } = judgeUnknown(set, [...at.keys()], records);
  const level = levelOf(set);
  const names = [...new Set([...Object.keys(set), ...at.keys()])].sort();
  const rows = names.map((name): StatusRow => {
    const record = records.get(name);
    const known = own.get(name);
    const about = record ?? known;
    const state = !known ? 'unknown' : at.has(name) ? 'applied' : 'pending';
    return {
      name,
      state,
      kind: about?.kind ?? 'unrecorded',
      oldestApp: about?.oldestApp ?? null,
      appliedAt: at.get(name) ?? null,
      appliedBy: record?.appliedBy ?? null,
      runsHere: state !== 'unknown' || (!!record && (record.oldestApp === null || record.oldestApp <= level)),
    };
  });
  return { level, rows, refusal: refusal?.message ?? null };
}
