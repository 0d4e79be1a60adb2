import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { ManualClock } from '../../../server/clock';
import { loadConfig } from '../../../server/config';
import { buildDeps, type BuiltDeps } from '../../../server/deps';
import { backupSqliteFile, pgDump, pgRestore, snapshotSqlite } from '../../../server/ops/backup';
import { changeXp } from '../../../server/xp';
import { createMember } from '../../support/members';
import { API_KEY, TEST_PHONES, type TestServer } from '../../support/server';

// an online backup of each database, taken while the server runs, restored: the
// idempotency keys (a retry after the restore is answered from the stored answer, not run again)
// and the XP ledgers survive.

const dir = mkdtempSync(join(tmpdir(), 'club-backup-'));
const pgUrl = process.env.TEST_DATABASE_URL;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = loadConfig({ NODE_ENV: 'test', API_KEY, TEST_PHONES: TEST_PHONES.join(','), SQLITE_LOCKING: 'normal' });
const connectTo = (where: { sqlitePath?: string; schema?: string }) =>
  pgUrl ? { databaseUrl: pgUrl, pgSchema: where.schema } : { sqlitePath: where.sqlitePath, sqliteExclusive: false };

/** A server over `built` as the tests' support makes them (app.request with the key). */
function serverOver(built: BuiltDeps, clock: ManualClock): TestServer {
  const app = createApp(built.deps);
  const call: TestServer['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = {
      'x-api-key': API_KEY,
      accept: 'application/json',
      'content-type': 'application/json',
      ...o.headers,
    };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.idem) headers['idempotency-key'] = o.idem;
    const res = await app.request(path, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(o.body ?? {}) : undefined,
    });
    return { status: res.status, body: (await res.json()) as unknown, headers: res.headers };
  };
  return {
    app,
    deps: built.deps,
    clock,
    config,
    call,
    post: (p, b, t) => call('POST', p, { body: b, token: t }),
    get: (p, _q, t) => call('GET', p, { token: t }),
    close: built.close,
  };
}

/** What must survive: the ledger lines of the member's account and every stored key. */
async function state(s: TestServer, customerId: number) {
  const ledger = await s.deps.db
    .selectFrom('xp_ledger')
    .select(['amount', 'balance_after', 'reason', 'ref'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  const balance = (
    await s.deps.db.selectFrom('customers').select('xp_balance').where('id', '=', customerId).executeTakeFirstOrThrow()
  ).xp_balance;
  const keys = await s.deps.db
    .selectFrom('idempotency')
    .select(['account', 'key', 'state', 'status', 'body'])
    .orderBy('key')
    .execute();
  return { ledger, balance, keys };
}

describe(`online backup and restore (${pgUrl ? 'PostgreSQL: pg_dump, pg_restore' : 'SQLite: the online backup API and VACUUM INTO'})`, () => {
  it('a copy taken while the server runs, restored, keeps the idempotency keys and the XP ledger', async () => {
    const clock = new ManualClock();
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const file = join(dir, 'club.db');
    const built = await buildDeps(config, { clock, seed: false, connect: connectTo({ sqlitePath: file, schema }) });
    let s = serverOver(built, clock);
    const m = await createMember(s, { xp: 0 });
    for (const [amount, ref] of [
      [120, 'scan:a'],
      [-40, 'order:1'],
      [15, 'quiz:2'],
    ] as const) {
      await s.deps.db.transaction().execute((trx) =>
        changeXp(trx, {
          customerId: m.glo.id,
          amount,
          reason: ref.split(':')[0]!,
          title: 'Тест',
          ref,
          now: clock.now(),
        }),
      );
    }
    const cart = { namespace: 'pwa', key: 'cart', type: 'json', value: '[{"id":4,"count":1}]', shopifyId: m.glo.id };
    const first = await s.call('POST', '/api/user/create-metafields', {
      body: cart,
      token: m.token,
      idem: 'backup-key-0001',
    });
    expect(first.status).toBe(200);
    const before = await state(s, m.glo.id);
    expect(before.ledger).toHaveLength(3);
    expect(before.keys.some((k) => k.key === 'backup-key-0001' && k.state === 'done')).toBe(true);

    // The backup, while the server still has the database open.
    const copy = join(dir, pgUrl ? 'club.dump' : 'copy.db');
    if (pgUrl) pgDump(pgUrl, copy, schema);
    else {
      await backupSqliteFile(file, copy);
      await snapshotSqlite(s.deps, join(dir, 'snapshot.db'));
    }
    // Written after the backup: gone once it is restored.
    await s.deps.db.transaction().execute((trx) =>
      changeXp(trx, {
        customerId: m.glo.id,
        amount: 999,
        reason: 'manual',
        title: 'Після копії',
        ref: null,
        now: clock.now(),
      }),
    );
    await s.close();

    // Disaster: the database is lost; restore.
    if (pgUrl) {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema "${schema}" cascade`);
      await c.end();
      pgRestore(pgUrl, copy);
    }
    for (const restored of pgUrl ? [null] : [copy, join(dir, 'snapshot.db')]) {
      const again = await buildDeps(config, {
        clock,
        seed: false,
        connect: connectTo({ sqlitePath: restored ?? undefined, schema }),
      });
      s = serverOver(again, clock);
      const after = await state(s, m.glo.id);
      expect(after).toEqual(before);
      // The member's outbox retries the same key after the restore: the stored answer, nothing run again.
      const retry = await s.call('POST', '/api/user/create-metafields', {
        body: cart,
        token: m.token,
        idem: 'backup-key-0001',
      });
      expect(retry.body).toEqual(first.body);
      expect((await state(s, m.glo.id)).keys).toEqual(before.keys);
      await s.close();
    }
    if (pgUrl) {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    }
  });
});
