// The database's migrations, for the operator (docs/operations.md "Upgrades and rollbacks"):
//   npx tsx scripts/migrate.ts status              applied, pending and unknown (a newer version's), with who may run on them
//   npx tsx scripts/migrate.ts up                  applies this version's pending migrations (a start does the same)
//   npx tsx scripts/migrate.ts down-to <name>      lists what it would undo; with --yes runs those down()s, newest first
// The database is the server's (DATABASE_URL, else SQLITE_PATH); the migrations are this checkout's
// (its version). A SQLite file under exclusive locking (production's default) opens only once its
// server has stopped.
import { loadConfig } from '../server/config';
import { connect } from '../server/db/connect';
import { migrateDownTo, migrateToLatest, planDownTo } from '../server/db/migrate';
import { migrationStatus, type StatusRow } from '../server/db/migration-status';

const [command, target] = process.argv.slice(2);
const yes = process.argv.includes('--yes');
if (!(command === 'status' || command === 'up' || (command === 'down-to' && target))) {
  console.error('usage: tsx scripts/migrate.ts status | up | down-to <name> [--yes]');
  process.exit(2);
}
const config = loadConfig();
const handle = await connect({
  databaseUrl: config.DATABASE_URL,
  sqlitePath: config.SQLITE_PATH,
  sqliteExclusive: false,
});
const db = handle.db as never;
const where = handle.dialect === 'postgres' ? 'PostgreSQL' : `SQLite ${config.SQLITE_PATH}`;

/** One line of `status`: state, name, what it allows, when and by which level it was applied. */
function line(r: StatusRow): string {
  const allows = r.kind === 'expand' ? 'expand' : r.kind === 'contract' ? `contract: from ${r.oldestApp}` : 'no record';
  const runs = r.state === 'unknown' ? (r.runsHere ? 'this version runs on it' : 'REFUSES this version') : '';
  const applied = r.appliedAt ? `${r.appliedAt}${r.appliedBy ? ` by ${r.appliedBy}` : ''}` : '';
  return [r.state.padEnd(8), r.name.padEnd(32), allows.padEnd(42), applied.padEnd(48), runs].join(' ').trimEnd();
}

let code = 0;
try {
  if (command === 'status') {
    const s = await migrationStatus(db);
    console.log(`${where}; this version's schema level: ${s.level}`);
    for (const r of s.rows) console.log(line(r));
    if (s.refusal) {
      console.log(s.refusal);
      code = 1;
    }
  } else if (command === 'up') {
    const r = await migrateToLatest(db);
    for (const a of r.applied) console.log(`applied ${a.name} (${a.ms} ms)`);
    if (r.unknown.length)
      console.log(`newer migrations this version runs on: ${r.unknown.map((u) => u.name).join(', ')}`);
    console.log(`${where} at schema level ${r.level}${r.applied.length ? '' : ' (nothing to apply)'}`);
  } else {
    const undo = await planDownTo(db, target!);
    if (!undo.length) console.log(`${target} is the last applied: nothing to undo`);
    else if (!yes) {
      console.log(
        `would undo, newest first: ${undo.join(', ')}\nnothing done: add --yes to run their down()s (what they added is dropped, with its data)`,
      );
      code = 1;
    } else {
      await migrateDownTo(db, target!);
      for (const name of undo) console.log(`undone ${name}`);
    }
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  code = 1;
} finally {
  await handle.close();
}
process.exit(code);
