import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import type { AppDeps } from '../../../server/context';
import { demoLeftovers } from '../../../server/seed/index';
import { DEMO_CODE_COUNT } from '../../../server/seed/scan-products';
import { makeTestServer, PRODUCTION_ENV, TEST_PHONES } from '../../support/server';

// What an empty database gets at the first start. Production seeds the club's reference data and
// nothing a person is named in or could claim: the demo's scan codes and device serials are in
// the public source, so anyone who read it could take their XP. The demo is a development choice,
// or staging's, named (SEED=demo).

/** Non-personal reference data the app needs to work, and the database's own bookkeeping. */
const REFERENCE = [
  'products',
  'collection_products',
  'np_cities',
  'np_branches',
  'content_pages',
  'news',
  'vocabulary_terms',
  'subscription_plans',
  'marathons',
  'marathon_stages',
  'marathon_questions',
  'brand_stores',
  'cert_partners',
  'cert_nominals',
];
const BOOKKEEPING = [
  'kysely_migration',
  'kysely_migration_lock',
  'instances',
  'revisions',
  'sqlite_sequence',
  'migration_compat',
];

/** Every table of the database with its row count. */
async function counts(deps: AppDeps): Promise<Record<string, number>> {
  const tables =
    deps.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(deps.db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          deps.db,
        );
  const out: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const r = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(name)}`.execute(deps.db);
    out[name] = Number(r.rows[0]?.n);
  }
  return out;
}

describe('seeding an empty database in production', () => {
  it('by default loads the reference data only: no member, order, XP line, scan code or device serial, nothing else personal', async () => {
    const s = await makeTestServer({ env: { ...PRODUCTION_ENV }, seed: true });
    try {
      const n = await counts(s.deps);
      for (const table of REFERENCE) expect(n[table], table).toBeGreaterThan(0);
      const filled = Object.entries(n).filter(
        ([table, rows]) => rows > 0 && !REFERENCE.includes(table) && !BOOKKEEPING.includes(table),
      );
      expect(filled).toEqual([]);
      // No allow-listed phone has anyone behind it.
      expect(
        await s.deps.db
          .selectFrom('members')
          .select('id')
          .where('phone', 'in', [...TEST_PHONES])
          .execute(),
      ).toEqual([]);
      // What the server warns about at start when it finds the demo's claimable rows: none here.
      expect(await demoLeftovers(s.deps)).toEqual({ scanCodes: 0, deviceSerials: 0 });
    } finally {
      await s.close();
    }
  });

  it('loads the demo only when SEED=demo names it (staging), and nothing at all with SEED=none', async () => {
    const demo = await makeTestServer({ env: { ...PRODUCTION_ENV, SEED: 'demo' }, seed: true });
    try {
      const n = await counts(demo.deps);
      expect(n.members).toBe(10);
      expect(n.scan_codes).toBeGreaterThanOrEqual(DEMO_CODE_COUNT);
      expect(n.device_registry).toBe(23);
      expect(await demoLeftovers(demo.deps)).toEqual({ scanCodes: DEMO_CODE_COUNT, deviceSerials: 23 });
    } finally {
      await demo.close();
    }
    const none = await makeTestServer({ env: { ...PRODUCTION_ENV, SEED: 'none' }, seed: true });
    try {
      // Only what the migrations themselves bring (a later migration's content pages).
      expect(
        Object.entries(await counts(none.deps)).filter(
          ([t, rows]) => rows > 0 && !BOOKKEEPING.includes(t) && t !== 'content_pages',
        ),
      ).toEqual([]);
    } finally {
      await none.close();
    }
  });

  it('chooses the demo outside production and the reference data in it, unless SEED says', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).seed).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'test' }).seed).toBe('demo');
    expect(loadConfig({ ...PRODUCTION_ENV }).seed).toBe('reference');
    expect(loadConfig({ ...PRODUCTION_ENV, SEED: 'true' }).seed).toBe('reference');
    expect(loadConfig({ ...PRODUCTION_ENV, SEED: 'demo' }).seed).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'development', SEED: 'false' }).seed).toBe('none');
    expect(() => loadConfig({ SEED: 'everything' })).toThrow(/SEED/);
  });
});
