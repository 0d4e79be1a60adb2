// Loads the club's real scan codes or genuine device serials from a CSV file into the server's
// database (production seeds none; docs/operations.md "Scan codes and device serials").
//   npx tsx scripts/import-codes.ts scan-codes <file.csv> [batch]        code,variant,xp,product
//   npx tsx scripts/import-codes.ts device-serials <file.csv> [source]   serial,model,variant
// The database is the server's (DATABASE_URL or SQLITE_PATH). SQLite under exclusive locking
// (production's default) opens for one process only: stop the server first. All or nothing: a
// file with a bad line loads nothing and names each bad line. Prints one JSON line; exit 1 on rejects.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { loadConfig } from '../server/config';
import { connect } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { importDeviceSerials, importScanCodes } from '../server/ops/import-codes';

const [kind, file, name] = process.argv.slice(2);
if (!file || (kind !== 'scan-codes' && kind !== 'device-serials')) {
  console.error(
    JSON.stringify({
      level: 'error',
      msg: 'usage: tsx scripts/import-codes.ts scan-codes|device-serials <file.csv> [batch|source]',
    }),
  );
  process.exit(2);
}
const config = loadConfig();
const handle = await connect({
  databaseUrl: config.DATABASE_URL,
  sqlitePath: config.SQLITE_PATH,
  sqliteExclusive: config.sqliteExclusive,
  sqliteDurable: config.isProduction,
  poolSize: 2,
});
try {
  await migrateToLatest(handle.db as never);
  const csv = readFileSync(file, 'utf8');
  const now = new Date();
  const label = name ?? basename(file).replace(/\.csv$/i, '');
  const r =
    kind === 'scan-codes'
      ? await importScanCodes(handle.db, csv, { batch: label, now })
      : await importDeviceSerials(handle.db, csv, { source: label, now });
  console.log(
    JSON.stringify({
      level: r.rejected.length ? 'error' : 'info',
      msg: `${kind} import`,
      file,
      [kind === 'scan-codes' ? 'batch' : 'source']: label,
      ...r,
    }),
  );
  process.exitCode = r.rejected.length ? 1 : 0;
} finally {
  await handle.close();
}
