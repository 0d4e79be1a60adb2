import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { pgClientConfig } from '../../../server/db/connect';
import { buildDeps } from '../../../server/deps';
import { API_KEY, PRODUCTION_ENV } from '../../support/server';

// A placed order, a payment and an XP movement answered 200 survive a power loss: each commit is
// on disk before the answer, as the running server's own connections show.

const dir = mkdtempSync(join(tmpdir(), 'club-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = loadConfig({ ...PRODUCTION_ENV, API_KEY, LOG_LEVEL: 'silent' });
const pgUrl = process.env.TEST_DATABASE_URL;

describe('commits are durable in production', () => {
  it('SQLite: WAL with synchronous=FULL on the server connection (exclusive locking, as production runs); NORMAL in development', async () => {
    const built = await buildDeps(config, {
      seed: false,
      connect: { sqlitePath: join(dir, 'club.db'), sqliteExclusive: true },
    });
    try {
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(built.deps.db);
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(built.deps.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      expect(sync.rows[0]?.synchronous).toBe(2); // FULL
    } finally {
      await built.close();
    }
    // Development keeps NORMAL: a commit costs an fsync of milliseconds (server/README.md), and a
    // demo database losing its last orders to a power cut loses nothing of anyone's.
    const dev = await buildDeps(loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' }), {
      seed: false,
      connect: { sqlitePath: join(dir, 'dev.db') },
    });
    try {
      expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(dev.deps.db)).rows[0]?.synchronous).toBe(
        1,
      );
    } finally {
      await dev.close();
    }
  });

  it('PostgreSQL: every connection asks for synchronous_commit=on at start-up, after any options the URL carries', () => {
    expect(pgClientConfig('postgres://club@db:5432/club').options).toBe('-c synchronous_commit=on');
    const given = pgClientConfig(
      'postgres://club@db:5432/club?options=-c%20synchronous_commit%3Doff%20-c%20work_mem%3D8MB',
      't_1',
    );
    expect(given.connectionString).toBe('postgres://club@db:5432/club');
    expect(given.options).toBe(
      '-c synchronous_commit=off -c work_mem=8MB -c search_path="t_1" -c synchronous_commit=on',
    );
  });

  // On PostgreSQL (when the tests run on it): a database whose default is `off` (ALTER DATABASE),
  // which the server's connections must not take.
  if (pgUrl) {
    it('PostgreSQL: synchronous_commit=on through the server pool although the database default is off', async () => {
      const name = `club_durable_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.query(`alter database ${name} set synchronous_commit = off`);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      try {
        const other = new pg.Client({ connectionString: url.toString() });
        await other.connect();
        expect((await other.query('show synchronous_commit')).rows[0].synchronous_commit).toBe('off');
        await other.end();
        const built = await buildDeps(config, { seed: false, connect: { databaseUrl: url.toString(), poolSize: 3 } });
        try {
          // Every connection of the pool, not just the first: three at once.
          const shown = await Promise.all(
            [1, 2, 3].map(() =>
              built.deps.db
                .transaction()
                .execute((trx) => sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx)),
            ),
          );
          expect(shown.map((r) => r.rows[0]?.synchronous_commit)).toEqual(['on', 'on', 'on']);
        } finally {
          await built.close();
        }
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  }
});
