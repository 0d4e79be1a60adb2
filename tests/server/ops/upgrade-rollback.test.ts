import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/clock';
import { migrateDownTo, migrateToLatest, type MigrationProgress } from '../../../server/db/migrate';
import { levelOf, SchemaTooNewError } from '../../../server/db/migration-plan';
import type { ClubMigration, MigrationSet } from '../../../server/db/migrations/compat';
import { migrations } from '../../../server/db/migrations/index';
import { startingReadiness } from '../../../server/ops/health';
import { createLogger } from '../../../server/ops/log';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { gate, sharedDatabase, startVersion, type SharedDatabase } from './versions';

// A rolling upgrade and its rollback on one database (a SQLite file, or PostgreSQL with
// TEST_DATABASE_URL): version N is this checkout's migrations, N+1 adds an expand migration and
// N+2 a contract, both defined here. N keeps serving while N+1 migrates, N restarts on N+1's
// schema, N+1 is stopped and N serves alone; N+2's contract makes N refuse, naming the migration
// and both levels, until N+2's down-to undoes it.

const N: MigrationSet = migrations;
const LEVEL_N = levelOf(N);
const EXPAND = '900_test_nickname';
const CONTRACT = '901_test_drop_customer_note';

const inside = gate();
const proceed = gate();
/** Adds a table and a nullable column; waits between the two until the test lets it go on. */
const expand: ClubMigration = {
  compat: 'expand',
  async up(db) {
    await db.schema
      .createTable('member_notes')
      .addColumn('member_id', 'integer', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .execute();
    inside.open();
    await proceed.promise;
    await db.schema.alterTable('members').addColumn('nickname', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('members').dropColumn('nickname').execute();
    await db.schema.dropTable('member_notes').execute();
  },
};
/** Drops a column N's code writes, which N+1's code (so the declaration says) no longer uses. */
const contract: ClubMigration = {
  compat: { contract: EXPAND },
  async up(db) {
    await db.schema.alterTable('customers').dropColumn('note').execute();
  },
  async down(db) {
    await db.schema
      .alterTable('customers')
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
};
const N1: MigrationSet = { ...N, [EXPAND]: expand };
const N2: MigrationSet = { ...N1, [CONTRACT]: contract };

function capturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger({
    level: 'info',
    destination: { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) },
  });
  return { log, lines };
}

const clock = new ManualClock();
let db: SharedDatabase;
let n: TestServer;
let n1: TestServer;
let m: TestMember;
const field = (value: unknown) => ({
  namespace: 'pwa',
  key: 'favorites',
  type: 'json',
  value: JSON.stringify(value),
  shopifyId: m.glo.id,
});
const write = (s: TestServer, value: unknown) =>
  s.call('POST', '/api/user/create-metafields', { body: field(value), token: m.token });
const favourites = async (s: TestServer) =>
  (
    (await s.post('/api/user/get-metafields', { id: m.glo.id }, m.token)).body.metafields as Array<{
      key: string;
      value: string;
    }>
  ).find((f) => f.key === 'favorites')?.value;

beforeAll(async () => {
  db = sharedDatabase();
  n = await startVersion(db, N, { clock });
  m = await createMember(n, { xp: 70 });
});
afterAll(async () => {
  await n?.close();
  await n1?.close();
  await db?.close();
});

describe('two versions of the server on one database', () => {
  it('N+1 migrates while N serves; readiness names the migration running; then both serve', async () => {
    const seen: Array<MigrationProgress | null> = [];
    const starting = startVersion(db, N1, { clock, onProgress: (p) => seen.push(p) });
    await inside.promise;
    expect(seen).toEqual([{ name: EXPAND, step: 1, of: 1 }]);
    expect(startingReadiness(seen.at(-1)!)).toMatchObject({
      status: 'not_ready',
      checks: { migrations: 'running' },
      migrating: { name: EXPAND },
    });
    // N+1 is mid-migration: N answers reads and writes.
    expect((await n.get('/api/get-balance', {}, m.token)).body).toMatchObject({ balance: 70 });
    expect((await write(n, [1])).status).toBe(200);
    proceed.open();
    n1 = await starting;
    expect(seen.at(-1)).toBeNull();
    // Side by side: each sees what the other writes, N writes rows with the new column present.
    expect(await favourites(n1)).toBe('[1]');
    expect((await write(n1, [1, 2])).status).toBe(200);
    expect(await favourites(n)).toBe('[1,2]');
    const other = await createMember(n);
    expect((await n1.get('/api/get-balance', {}, other.token)).status).toBe(200);
  });

  it('N restarts on N+1 schema, naming the newer migration it runs on', async () => {
    await n.close();
    n = await startVersion(db, N, { clock });
    expect((await n.get('/api/get-balance', {}, m.token)).status).toBe(200);
    const { log, lines } = capturedLog();
    const again = await migrateToLatest(n.deps.db as never, { migrations: N, schema: db.schema, log });
    expect(again.applied).toEqual([]);
    expect(again.unknown.map((u) => u.name)).toEqual([EXPAND]);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        schemaLevel: LEVEL_N,
        newer: [EXPAND],
        msg: expect.stringContaining('newer version'),
      }),
    ]);
  });

  it('N+1 is rolled back: stopped, N serves alone, with what N+1 wrote', async () => {
    await n1.close();
    expect(await favourites(n)).toBe('[1,2]');
    expect((await write(n, [3])).status).toBe(200);
  });

  it("N+2's contract makes N refuse with the migration and both levels named; N+1 still starts", async () => {
    const { log, lines } = capturedLog();
    const r = await migrateToLatest(n.deps.db as never, { migrations: N2, schema: db.schema, log });
    expect(r.applied.map((a) => a.name)).toEqual([CONTRACT]);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', migration: CONTRACT, ms: expect.any(Number), msg: 'migration applied' }),
      expect.objectContaining({ schemaLevel: CONTRACT, newer: [] }),
    ]);
    await n.close();
    const refused = await startVersion(db, N, { clock }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(SchemaTooNewError);
    const message = (refused as Error).message;
    for (const named of [CONTRACT, LEVEL_N, EXPAND, 'down-to']) expect(message).toContain(named);
    n1 = await startVersion(db, N1, { clock });
    expect((await n1.get('/api/get-balance', {}, m.token)).status).toBe(200);
  });

  it("N+2's down-to undoes the contract and the expand, and N starts with nothing newer", async () => {
    await n1.close();
    // Run from N+2's code, which has the down()s, before N starts again.
    const n2 = await startVersion(db, N2, { clock });
    const undone = await migrateDownTo(n2.deps.db as never, LEVEL_N, { migrations: N2, schema: db.schema });
    await n2.close();
    expect(undone).toEqual([CONTRACT, EXPAND]);
    n = await startVersion(db, N, { clock });
    expect((await migrateToLatest(n.deps.db as never, { migrations: N, schema: db.schema })).unknown).toEqual([]);
    // The column the contract dropped is back: N's writes of it work again.
    const fresh = await createMember(n);
    expect((await n.get('/api/get-balance', {}, fresh.token)).status).toBe(200);
    expect(await favourites(n)).toBe('[3]');
  });
});
