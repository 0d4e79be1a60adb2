// `npm test`: typecheck, unit, server and end-to-end tests; prints and records the totals.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

interface Step {
  name: string;
  passed: number;
  failed: number;
}
const steps: Step[] = [];
mkdirSync('test-results', { recursive: true });

function run(cmd: string, args: string[]): boolean {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  return r.status === 0;
}

function typecheck() {
  const configs = ['tsconfig.json', 'tsconfig.sw.json', 'tsconfig.node.json'];
  let failed = 0;
  for (const p of configs) {
    console.log(`\n▶ typecheck ${p}`);
    if (!run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', p])) failed += 1;
  }
  steps.push({ name: 'typecheck', passed: configs.length - failed, failed });
}

function vitest(project: string) {
  const out = `test-results/${project}.json`;
  rmSync(out, { force: true });
  console.log(`\n▶ ${project} tests`);
  const ok = run(process.execPath, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  try {
    const r = JSON.parse(readFileSync(out, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTestSuites: number; success: boolean };
    // A suite that fails to load has no failed tests; count it so it cannot pass silently.
    steps.push({ name: project, passed: r.numPassedTests, failed: r.numFailedTests + (!ok && r.numFailedTests === 0 ? 1 : 0) });
  } catch {
    steps.push({ name: project, passed: 0, failed: 1 });
  }
}

const only = process.argv.slice(2);
const want = (s: string) => only.length === 0 || only.includes(s);
if (want('typecheck')) typecheck();
if (want('unit')) vitest('unit');
if (want('server')) vitest('server');
if (want('e2e')) vitest('e2e');

const passed = steps.reduce((n, s) => n + s.passed, 0);
const failed = steps.reduce((n, s) => n + s.failed, 0);
writeFileSync('test-results/summary.json', JSON.stringify({ passed, failed, steps }, null, 2));
console.log('\n' + steps.map((s) => `${s.name}: ${s.passed} passed, ${s.failed} failed`).join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
