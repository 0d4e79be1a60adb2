// The data the balancer fault tests and the bench put in the database before the instances start:
// members with tokens and fresh scan codes (as bench/mixed-load.bench.ts prepares its own).
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../../server/config';
import { buildDeps } from '../../../server/deps';
import { insertGloMember, insertScanCodes } from '../../support/fixture-rows';

export interface ClusterMember {
  memberId: number;
  customerId: number;
  token: string;
  codes: string[];
}

/** Migrates and seeds the database, then adds `count` age-verified glo members with `codesEach` scan codes each. */
export async function prepareMembers(
  apiKey: string,
  dbEnv: Record<string, string>,
  count: number,
  codesEach: number,
): Promise<{ members: ClusterMember[]; collectionId: number }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    API_KEY: apiKey,
    ...dbEnv,
    SQLITE_LOCKING: 'normal',
    INSTANCE_NAME: 'fixture',
  });
  const { deps, close } = await buildDeps(config, { seed: true });
  const db = deps.db;
  const now = new Date().toISOString();
  const out: ClusterMember[] = [];
  for (let i = 0; i < count; i += 1) {
    const phone = `38066${String(i).padStart(3, '0')}${randomBytes(2).readUInt16BE() % 10_000}`.slice(0, 12);
    const member = await insertGloMember(
      db,
      {
        phone,
        firstName: 'Збій',
        lastName: 'Тест',
        email: `lb${i}-${randomBytes(3).toString('hex')}@test.ua`,
        birthDate: '1990-01-01',
        tags: ['pwa_user', 'age_verified'],
      },
      now,
    );
    out.push({ ...member, codes: await insertScanCodes(db, codesEach, 'lb', now) });
  }
  const product = await db
    .selectFrom('products')
    .select('collection_id')
    .where('variant', '=', 'glo')
    .where('available', '=', 1)
    .executeTakeFirstOrThrow();
  await close();
  return { members: out, collectionId: product.collection_id };
}

/** Each scan code's XP ledger lines of these customers (`scan:<code>` refs), and their balances. */
export async function ledgerOf(apiKey: string, dbEnv: Record<string, string>, customerIds: number[]) {
  const config = loadConfig({
    NODE_ENV: 'test',
    API_KEY: apiKey,
    ...dbEnv,
    SQLITE_LOCKING: 'normal',
    SEED: 'false',
    INSTANCE_NAME: 'checker',
  });
  const { deps, close } = await buildDeps(config, { seed: false });
  try {
    const lines = await deps.db
      .selectFrom('xp_ledger')
      .select(['customer_id', 'ref', 'amount'])
      .where('customer_id', 'in', customerIds)
      .where('reason', '=', 'scan')
      .execute();
    const balances = await deps.db
      .selectFrom('customers')
      .select(['id', 'xp_balance'])
      .where('id', 'in', customerIds)
      .execute();
    const running = await deps.db.selectFrom('idempotency').select('key').where('state', '=', 'running').execute();
    const perCode = new Map<string, number>();
    for (const l of lines)
      perCode.set(String(l.ref).replace(/^scan:/, ''), (perCode.get(String(l.ref).replace(/^scan:/, '')) ?? 0) + 1);
    return {
      perCode,
      balances: new Map(balances.map((b) => [b.id, b.xp_balance])),
      sum: lines.reduce((a, l) => a + l.amount, 0),
      running: running.length,
    };
  } finally {
    await close();
  }
}
