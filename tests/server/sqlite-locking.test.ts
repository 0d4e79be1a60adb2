import BetterSqlite3 from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { ManualClock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { ownsDatabase } from '../../server/db/revisions';
import { buildDeps } from '../../server/deps';
import { issueToken, sha256 } from '../../server/security/tokens';
import { API_KEY, PRODUCTION_ENV } from '../support/server';

/*
 * In production the server locks its SQLite file for itself (server/README.md): no lock calls per
 * statement, and, as no one else can write, its caches learn of every change from its own
 * connection. SQLite only, whatever TEST_DATABASE_URL says.
 */

const dir = mkdtempSync(join(tmpdir(), 'club-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite file locked for the server alone (SQLITE_LOCKING=exclusive, the production default)', () => {
  it('is the production default, and normal elsewhere', () => {
    expect(loadConfig({ ...PRODUCTION_ENV }).sqliteExclusive).toBe(true);
    expect(loadConfig({ ...PRODUCTION_ENV, SQLITE_LOCKING: 'normal' }).sqliteExclusive).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).sqliteExclusive).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).sqliteExclusive).toBe(false);
  });

  it('keeps other connections out while it runs, and sees every revocation at once', async () => {
    const path = join(dir, 'club.db');
    const clock = new ManualClock();
    const config = loadConfig({ NODE_ENV: 'test', API_KEY, SQLITE_LOCKING: 'exclusive' });
    const built = await buildDeps(config, { clock, connect: { sqlitePath: path, sqliteExclusive: true }, seed: false });
    try {
      expect(ownsDatabase(built.deps.db)).toBe(true);
      // The WAL index lives in the server's memory: no shared-memory file.
      expect(existsSync(`${path}-shm`)).toBe(false);
      const other = new BetterSqlite3(path, { timeout: 0 });
      try {
        expect(() => other.prepare('select count(*) from members').get()).toThrow(/locked|busy/i);
      } finally {
        other.close();
      }

      const app = createApp(built.deps);
      const { id } = await built.deps.db
        .insertInto('members')
        .values({
          phone: '380671234567',
          first_name: 'Тест',
          last_name: 'Учасник',
          email: 't@example.com',
          birth_date: '1990-01-01',
          adult_confirmed: 1,
          created_at: clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { token } = await issueToken(built.deps.db, id, 'user', clock.now());
      const balance = () =>
        app.request('/api/get-balance', { headers: { 'x-api-key': API_KEY, authorization: `Bearer ${token}` } });
      expect((await balance()).status).toBe(200);
      expect((await balance()).status).toBe(200);
      await built.deps.db
        .updateTable('sessions')
        .set({ revoked_at: clock.now().toISOString() })
        .where('token_hash', '=', sha256(token))
        .execute();
      expect((await balance()).status).toBe(401);
    } finally {
      await built.close();
    }
    // Closed: the file is anyone's again.
    const after = new BetterSqlite3(path, { timeout: 0 });
    try {
      expect(after.prepare('select count(*) as n from members').get()).toEqual({ n: 1 });
    } finally {
      after.close();
    }
  });
});
