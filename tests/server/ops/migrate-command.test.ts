import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../../server/db/connect';
import { migrateDownTo, migrateToLatest } from '../../../server/db/migrate';
import { levelOf } from '../../../server/db/migration-plan';
import { migrationStatus } from '../../../server/db/migration-status';
import type { ClubMigration, MigrationSet } from '../../../server/db/migrations/compat';
import { migrations } from '../../../server/db/migrations/index';

// The operator's command (scripts/migrate.ts) on a database a newer version migrated: `status`
// names the newer migrations and whether this version runs on each, `down-to` refuses to undo
// what it does not know and undoes its own only with --yes, `up` applies again. On a SQLite file,
// or, with TEST_DATABASE_URL, a PostgreSQL database of its own (the command reads DATABASE_URL).

const LEVEL = levelOf(migrations);
const PREVIOUS = Object.keys(migrations).sort().at(-2)!;
const table = (name: string): ClubMigration => ({
  compat: 'expand',
  up: async (db) => void (await db.schema.createTable(name).addColumn('id', 'integer').execute()),
  down: async (db) => void (await db.schema.dropTable(name).execute()),
});
const NEWER: MigrationSet = { ...migrations, '900_test_expand': table('test_expand') };
const NEWEST: MigrationSet = {
  ...NEWER,
  '901_test_contract': { ...table('test_contract'), compat: { contract: '900_test_expand' } },
};

const pgUrl = process.env.TEST_DATABASE_URL;
let env: Record<string, string>;
let cleanup: () => Promise<void>;
let h: DbHandle;

beforeAll(async () => {
  if (pgUrl) {
    const name = `migrate_${randomBytes(5).toString('hex')}`;
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(q);
      await c.end();
    };
    await admin(`create database ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    cleanup = () => admin(`drop database if exists ${name} with (force)`);
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'club-migrate-'));
    env = { SQLITE_PATH: join(dir, 'club.db') };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  h = await connect({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH, sqliteExclusive: false });
});
afterAll(async () => {
  await h?.close();
  await cleanup?.();
}, 60_000);

/** Runs the command as an operator would; its exit code and everything it printed. */
function command(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts', ...args], {
      env: { ...process.env, NODE_ENV: 'test', API_KEY: 'migrate-key', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('scripts/migrate.ts', () => {
  it('status, down-to and up on a database a newer version migrated', async () => {
    const db = h.db as never;
    await migrateToLatest(db, { migrations: NEWER });
    await migrateToLatest(db, { migrations: NEWEST });
    const status = await command('status');
    expect(status.code).toBe(1);
    expect(status.out).toContain(`schema level: ${LEVEL}`);
    expect(status.out).toMatch(new RegExp(`applied +${LEVEL} +expand`));
    expect(status.out).toMatch(/unknown +900_test_expand +expand +\S+ by 900_test_expand +this version runs on it/);
    expect(status.out).toMatch(/unknown +901_test_contract +contract: from 900_test_expand .*REFUSES this version/);
    expect(status.out).toContain(
      `This version (schema level ${LEVEL}) cannot run on this database: migration 901_test_contract`,
    );
    const foreign = await command('down-to', LEVEL, '--yes');
    expect(foreign.code).toBe(1);
    expect(foreign.out).toContain('901_test_contract, 900_test_expand were applied by a newer version');

    await migrateDownTo(db, LEVEL, { migrations: NEWEST });
    const asked = await command('down-to', PREVIOUS);
    expect(asked.code).toBe(1);
    expect(asked.out).toContain(`would undo, newest first: ${LEVEL}`);
    expect((await migrationStatus(db)).rows.at(-1)).toMatchObject({ name: LEVEL, state: 'applied' });
    const undone = await command('down-to', PREVIOUS, '--yes');
    expect(undone).toMatchObject({ code: 0, out: `undone ${LEVEL}\n` });
    expect((await migrationStatus(db)).rows.at(-1)).toMatchObject({ name: LEVEL, state: 'pending' });
    const up = await command('up');
    expect(up.code).toBe(0);
    expect(up.out).toMatch(new RegExp(`^applied ${LEVEL} \\(\\d+ ms\\)$`, 'm'));
    expect((await migrationStatus(db)).rows.every((r) => r.state === 'applied')).toBe(true);
  }, 120_000);
});
