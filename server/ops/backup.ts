import BetterSqlite3 from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { privateFile } from '../db/private-file';
import { dirname } from 'node:path';
import { sql } from 'kysely';
import type { AppDeps } from '../context';

/**
 * Online backups (server/README.md "Backups"). Each takes a consistent copy while the
 * server runs and answers requests; restore is the copy put back while the server is stopped.
 */

/**
 * SQLite, from another process: SQLite's online backup API (better-sqlite3 `backup`), which copies
 * the pages while writers go on and restarts over what changed meanwhile. Needs the file opened
 * with `SQLITE_LOCKING=normal`; with exclusive locking (production's default) only the server can
 * read it: use {@link snapshotSqlite} through the server (SIGUSR2, server/main.ts).
 */
export async function backupSqliteFile(source: string, dest: string): Promise<void> {
  privateDestination(dest);
  const db = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(dest);
  } finally {
    db.close();
  }
}

/** SQLite, through the server's own connection: `VACUUM INTO` writes a consistent, compacted copy. */
export async function snapshotSqlite(deps: AppDeps, dest: string): Promise<void> {
  if (deps.dialect !== 'sqlite') throw new Error('snapshotSqlite: the database is PostgreSQL (use pgDump)');
  // VACUUM INTO takes an empty file as its target, and keeps its mode.
  privateDestination(dest);
  await sql`VACUUM INTO ${dest}`.execute(deps.db);
}

/**
 * A backup's file, made before anything is written to it: empty, readable by the server's user
 * alone (0600; its folder 0700 when made here), as the database it copies. A copy written
 * 0644 by default would hand every member's phone to any user of the machine.
 */
function privateDestination(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  privateFile(file);
}

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr?.toString().trim()}`);
}

/** PostgreSQL: `pg_dump` in its custom format (one consistent snapshot; writers are not blocked); `schema` limits it to one. */
export function pgDump(url: string, file: string, schema?: string): void {
  privateDestination(file);
  run('pg_dump', [
    '--format=custom',
    '--no-owner',
    `--file=${file}`,
    ...(schema ? [`--schema=${schema}`] : []),
    `--dbname=${url}`,
  ]);
}

/** PostgreSQL: `pg_restore` of such a dump into `url`, replacing what is there (--clean --if-exists). */
export function pgRestore(url: string, file: string): void {
  run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${url}`, file]);
}
