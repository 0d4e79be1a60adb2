import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { judgeUnknown, levelOf, recordsOf, type AppliedRecord } from '../../../server/db/migration-plan';
import { migrationStatus } from '../../../server/db/migration-status';
import type { ClubMigration, MigrationSet } from '../../../server/db/migrations/compat';
import { migrations } from '../../../server/db/migrations/index';
import { createLogger } from '../../../server/ops/log';
import { sharedDatabase, type SharedDatabase } from './versions';

// What the runner records of each migration (which code may still run on it) and how a version
// judges migrations it does not know; a database migrated before the records upgrades on its first
// start. The database part on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

const names = Object.keys(migrations).sort();
const LEVEL = levelOf(migrations);
const noop = async () => {};
const m = (compat: ClubMigration['compat']): ClubMigration => ({ compat, up: noop, down: noop });

let shared: SharedDatabase;
let h: DbHandle;
beforeAll(async () => {
  shared = sharedDatabase();
  h = await connect(shared.connect);
});
afterAll(async () => {
  await h?.close();
  await shared?.close();
});

describe('migration records', () => {
  it('a database migrated before the records (Kysely alone) upgrades on its first start: the pending applied and logged with their times, every migration recorded', async () => {
    const db = h.db as unknown as Kysely<unknown>;
    const older = Object.fromEntries(names.slice(0, -2).map((n) => [n, migrations[n]!]));
    const asBefore = new Migrator({
      db,
      provider: { getMigrations: async () => older },
      ...(shared.schema ? { migrationTableSchema: shared.schema } : {}),
    });
    expect((await asBefore.migrateToLatest()).error).toBeUndefined();
    const lines: Array<Record<string, unknown>> = [];
    const log = createLogger({
      level: 'info',
      destination: { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) },
    });
    const r = await migrateToLatest(db, { schema: shared.schema, log });
    expect(r.applied.map((a) => a.name)).toEqual(names.slice(-2));
    expect(lines).toEqual([
      ...names
        .slice(-2)
        .map((name) =>
          expect.objectContaining({ level: 'info', msg: 'migration applied', migration: name, ms: expect.any(Number) }),
        ),
      expect.objectContaining({ level: 'info', schemaLevel: LEVEL, newer: [] }),
    ]);
    const status = await migrationStatus(db, { schema: shared.schema });
    expect(status.refusal).toBeNull();
    expect(status.rows.map((row) => [row.name, row.state, row.appliedBy])).toEqual(
      names.map((n) => [n, 'applied', LEVEL]),
    );
    expect(status.rows.find((row) => row.name === '017_xp_totals')).toMatchObject({
      kind: 'contract',
      oldestApp: '017_xp_totals',
    });
    expect((await migrateToLatest(db, { schema: shared.schema })).applied).toEqual([]);
  });

  it('a contract stays in force under the expands after it; a contract must name itself or an earlier migration', () => {
    const set: MigrationSet = {
      '001_a': m('expand'),
      '002_b': m('expand'),
      '003_c': m({ contract: '002_b' }),
      '004_d': m('expand'),
    };
    expect([...recordsOf(set).values()].map((r) => [r.name, r.kind, r.oldestApp])).toEqual([
      ['001_a', 'expand', null],
      ['002_b', 'expand', null],
      ['003_c', 'contract', '002_b'],
      ['004_d', 'expand', '002_b'],
    ]);
    expect(() => recordsOf({ '001_a': m({ contract: '002_b' }), '002_b': m('expand') })).toThrow(/001_a.*002_b/);
    expect(() => recordsOf({ '001_a': m({ contract: '000_gone' }) })).toThrow(/000_gone/);
    expect(() => recordsOf(migrations)).not.toThrow();
  });

  it('a version runs on unknown migrations whose records allow its level, and refuses at the first that does not', () => {
    const set: MigrationSet = { '001_a': m('expand'), '002_b': m('expand') };
    const rec = (name: string, oldestApp: string | null): [string, AppliedRecord] => [
      name,
      { name, kind: oldestApp ? 'contract' : 'expand', oldestApp, appliedBy: '005_e' },
    ];
    const records = new Map([rec('003_c', null), rec('004_d', '002_b'), rec('005_e', '003_c')]);
    const upTo = (n: number) => ['001_a', '002_b', '003_c', '004_d', '005_e'].slice(0, n);
    expect(judgeUnknown(set, upTo(4), records)).toMatchObject({
      unknown: [{ name: '003_c' }, { name: '004_d' }],
      refusal: null,
    });
    const refused = judgeUnknown(set, upTo(5), records).refusal;
    expect(refused).toMatchObject({ migration: '005_e', level: '002_b' });
    expect(refused?.message).toMatch(/schema level 002_b.*005_e.*schema level 005_e.*003_c or newer/);
    // Applied by something that kept no record: not run on blindly.
    expect(judgeUnknown(set, [...upTo(2), '003_x'], records).refusal).toMatchObject({ migration: '003_x' });
  });
});
