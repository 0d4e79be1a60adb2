// Online backup and restore of the club's database (server/README.md "Backups").
//   npx tsx scripts/backup.ts backup <file>     while the server runs
//   npx tsx scripts/backup.ts restore <file>    with the server stopped
// The database is the server's: DATABASE_URL (PostgreSQL: pg_dump / pg_restore, custom format) or
// SQLITE_PATH (SQLite's online backup API; the server must run with SQLITE_LOCKING=normal, else
// send it SIGUSR2 and it writes the copy itself into BACKUP_DIR).
import { copyFileSync, rmSync } from 'node:fs';
import { loadConfig } from '../server/config';
import { privateFile } from '../server/db/private-file';
import { backupSqliteFile, pgDump, pgRestore } from '../server/ops/backup';

const [command, file] = process.argv.slice(2);
if (!file || (command !== 'backup' && command !== 'restore')) {
  console.error('usage: tsx scripts/backup.ts backup|restore <file>');
  process.exit(2);
}
const config = loadConfig();
const pg = config.DATABASE_URL && /^postgres(ql)?:\/\//.test(config.DATABASE_URL) ? config.DATABASE_URL : null;
if (command === 'backup') {
  if (pg) pgDump(pg, file);
  else await backupSqliteFile(config.SQLITE_PATH, file);
} else if (pg) pgRestore(pg, file);
else {
  // The WAL of the replaced database must not be replayed over the restored file.
  for (const ext of ['-wal', '-shm']) rmSync(config.SQLITE_PATH + ext, { force: true });
  copyFileSync(file, config.SQLITE_PATH);
  privateFile(config.SQLITE_PATH);
}
console.log(
  `[backup] ${command} ${pg ? 'PostgreSQL' : `SQLite ${config.SQLITE_PATH}`} ${command === 'backup' ? '->' : '<-'} ${file}`,
);
