// `npm run bench`: runs every bench/*.bench.ts in turn (or those named: `npm run bench -- bundle`)
// and prints their figures. Benchmarks report; they never pass or fail the test suite.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const wanted = process.argv.slice(2);
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();

let failed = 0;
for (const f of files) {
  console.log(`\n━━ ${f.replace('.bench.ts', '')} ━━`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${f}`], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    failed += 1;
    console.log(`(${f} did not finish: exit ${r.status})`);
  }
}
process.exit(failed ? 1 : 0);
