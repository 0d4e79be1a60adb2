import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ManualClock } from '../../../server/clock';
import { loadConfig } from '../../../server/config';
import type { ConnectOptions } from '../../../server/db/connect';
import type { MigrateOptions } from '../../../server/db/migrate';
import type { MigrationSet } from '../../../server/db/migrations/compat';
import { buildDeps } from '../../../server/deps';
import { API_KEY, TEST_PHONES, type TestServer } from '../../support/server';
import { serverOver } from '../two-instances';

/**
 * One database that several versions of the server start on, one after another or side by side:
 * a SQLite file in normal locking, or, with TEST_DATABASE_URL, a PostgreSQL schema of its own.
 */
export interface SharedDatabase {
  connect: ConnectOptions;
  /** PostgreSQL: the schema, for calls of the runner made outside a server. */
  schema?: string;
  close(): Promise<void>;
}

export function sharedDatabase(): SharedDatabase {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    return {
      connect: { databaseUrl: pgUrl, pgSchema: schema },
      schema,
      async close() {
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop schema if exists "${schema}" cascade`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'club-versions-'));
  return {
    connect: { sqlitePath: join(dir, 'club.db'), sqliteExclusive: false },
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Starts the server as the version that knows `migrations`: it migrates (or refuses) as at a real start. */
export async function startVersion(
  db: SharedDatabase,
  migrations: MigrationSet,
  opts: { clock?: ManualClock; onProgress?: MigrateOptions['onProgress'] } = {},
): Promise<TestServer> {
  const clock = opts.clock ?? new ManualClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    API_KEY,
    TEST_PHONES: TEST_PHONES.join(','),
    SQLITE_LOCKING: 'normal',
  });
  const built = await buildDeps(config, {
    clock,
    connect: db.connect,
    seed: false,
    migrate: { migrations, onProgress: opts.onProgress },
  });
  return serverOver(built, clock, built.close);
}

/** A promise and the function that settles it. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open = () => {};
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}
