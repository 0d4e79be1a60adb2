import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import type { ConnectOptions } from '../../../server/db/connect';
import { buildDeps, type BuiltDeps } from '../../../server/deps';
import { DEMO_CODE_COUNT } from '../../../server/seed/scan-products';
import { API_KEY, PRODUCTION_ENV } from '../../support/server';

// Instances started together on one empty database (`docker compose up`) all start: one migrates
// and seeds under the start lock, the others wait and find it done. Without the lock each saw an
// empty database and seeded it too (duplicate key … members_phone_key), and one crashed.

const dir = mkdtempSync(join(tmpdir(), 'club-start-'));
const pgUrl = process.env.TEST_DATABASE_URL;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Staging's choice, the seed with the most to collide on: members, orders, codes, serials and the catalogue. */
const config = loadConfig({ ...PRODUCTION_ENV, API_KEY, SEED: 'demo', LOG_LEVEL: 'silent' });

async function startTogether(count: number, connect: ConnectOptions): Promise<BuiltDeps[]> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => buildDeps({ ...config, INSTANCE_NAME: `app${i + 1}` }, { connect })),
  );
  const built = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
  if (failed.length) await Promise.all(built.map((b) => b.close()));
  expect(failed).toEqual([]);
  return built;
}

async function seededOnce(built: BuiltDeps[]): Promise<void> {
  const db = built[0]!.deps.db;
  const count = async (table: 'members' | 'scan_codes' | 'device_registry' | 'products') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await count('members')).toBe(10);
  expect(await count('scan_codes')).toBe(DEMO_CODE_COUNT + 56); // the demo batch, and Олена's used codes
  expect(await count('device_registry')).toBe(23);
  expect(await count('products')).toBe(145);
  // Each instance registered itself.
  expect((await db.selectFrom('instances').select('name').orderBy('name').execute()).map((r) => r.name)).toEqual(
    built.map((_, i) => `app${i + 1}`),
  );
}

/** Three instances started together with `connect`: the database migrated and seeded once; then they close. */
async function threeSeedOnce(connect: Parameters<typeof startTogether>[1]): Promise<void> {
  const built = await startTogether(3, connect);
  try {
    await seededOnce(built);
  } finally {
    await Promise.all(built.map((b) => b.close()));
  }
}

describe('instances started at once on one empty database', () => {
  it('SQLite (one file, normal locking): three start, the database is migrated and seeded once', async () => {
    await threeSeedOnce({ sqlitePath: join(dir, 'club.db'), sqliteExclusive: false });
  });

  if (pgUrl) {
    const dropSchema = async (schema: string) => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    };

    it('PostgreSQL (one schema): three start, the schema is migrated and seeded once', async () => {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      try {
        await threeSeedOnce({ databaseUrl: pgUrl, pgSchema: schema, poolSize: 3 });
      } finally {
        await dropSchema(schema);
      }
    });

    // Kysely's migrator takes a lock of its own, which spaces the instances out on a new schema;
    // on one already migrated (a migration job ran first) they reach the seed together.
    it('PostgreSQL (one schema, migrated, never seeded): three start, the seed runs once', async () => {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      try {
        await (
          await buildDeps(
            { ...config, INSTANCE_NAME: 'migrator' },
            { seed: false, connect: { databaseUrl: pgUrl, pgSchema: schema, poolSize: 1 } },
          )
        ).close();
        await threeSeedOnce({ databaseUrl: pgUrl, pgSchema: schema, poolSize: 3 });
      } finally {
        await dropSchema(schema);
      }
    });
  }
});
