// `npm test`: typecheck, lint (ESLint, then Prettier's check), unit, server and end-to-end tests;
// prints and records the totals. The typecheck, the lint, the unit tests and the server tests run
// side by side (each prints its output whole when it ends; on fewer than four cores the typecheck
// and the lint side by side, then the unit and the server tests one after the other). The browser tests follow once they are done, in two passes: most files two at a time,
// then those vitest.config.ts names ALONE_FILES one at a time. `npm test -- unit server` runs some.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

interface Step {
  name: string;
  passed: number;
  failed: number;
}
/** Names of the tests that failed, printed again at the end so a log's tail says which. */
const failures: string[] = [];
const steps: Step[] = [];
mkdirSync('test-results', { recursive: true });

/** Runs a command; its output is printed live (`live`) or in one piece when it ends. */
function run(cmd: string, args: string[], live: boolean, env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const out: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => out.push(b));
    child.on('close', (code) => {
      if (!live) process.stdout.write(Buffer.concat(out));
      resolve(code === 0);
    });
  });
}

async function typecheck(): Promise<void> {
  const configs = ['tsconfig.json', 'tsconfig.sw.json', 'tsconfig.node.json'];
  let failed = 0;
  for (const p of configs) {
    const ok = await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', p], false);
    console.log(`\n▶ typecheck ${p}: ${ok ? 'ok' : 'FAILED'}`);
    if (!ok) failed += 1;
  }
  steps.push({ name: 'typecheck', passed: configs.length - failed, failed });
}

/** ESLint (zero warnings), then Prettier's check: each a check of the lint step, as in package.json. */
async function lint(): Promise<void> {
  const scripts = ['lint', 'format:check'];
  let failed = 0;
  for (const script of scripts) {
    const ok = await run('npm', ['run', '--silent', script], false);
    const hint = script === 'format:check' ? ' (`npm run format` writes the layout)' : '';
    console.log(`\n▶ ${script}: ${ok ? 'ok' : `FAILED${hint}`}`);
    if (!ok) failed += 1;
  }
  steps.push({ name: 'lint', passed: scripts.length - failed, failed });
}

// eslint-disable-next-line no-control-regex -- ESC starts the terminal's colour codes
const COLOURS = /\u001b\[[0-9;]*m/g;

/** The first lines of a failure's message (colours dropped), so the log's tail says why, not only which. */
const why = (messages: string[] = []): string => {
  const all = messages
    .join('\n')
    .replace(COLOURS, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const here = (l: string) => l.replace(process.cwd() + '/', '');
  // A property test's own message ends with what went wrong ("Got AssertionError: ..."), after its seed.
  const lines = [...new Set([...all.slice(0, 4), ...all.filter((l) => l.startsWith('Got ')).slice(0, 1)].map(here))];
  // Where in the project's own code it failed: the first two stack lines under tests/ or src/ not shown yet.
  const own = all
    .filter((l) => l.startsWith('at ') && /\/(tests|src)\/[^:]+:\d+/.test(l) && !l.includes('node_modules'))
    .map(here);
  lines.push(...[...new Set(own)].filter((l) => !lines.includes(l)).slice(0, 2));
  return lines.length ? `\n      ${lines.map((l) => l.slice(0, 240)).join('\n      ')}` : '';
};

/** Runs one vitest project; `name` is the step (and its JSON report's file name), `env` added to the run's environment. */
async function vitest(project: string, live: boolean, name = project, env: NodeJS.ProcessEnv = {}): Promise<void> {
  const out = `test-results/${name}.json`;
  rmSync(out, { force: true });
  console.log(`\n▶ ${name} tests${live ? '' : ' (output when they end)'}`);
  const ok = await run(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    live,
    env,
  );
  try {
    const r = JSON.parse(readFileSync(out, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      success: boolean;
      testResults?: Array<{
        name: string;
        status: string;
        message?: string;
        assertionResults?: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
      }>;
    };
    for (const file of r.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failedTests)
        failures.push(
          `${name}: ${file.name.replace(process.cwd() + '/', '')} > ${a.fullName}${why(a.failureMessages)}`,
        );
      if (file.status === 'failed' && failedTests.length === 0)
        failures.push(
          `${name}: ${file.name.replace(process.cwd() + '/', '')} (did not run: ${(file.message ?? '').split('\n')[0]})`,
        );
    }
    // A suite that fails to load has no failed tests; count it so it cannot pass silently.
    steps.push({ name, passed: r.numPassedTests, failed: r.numFailedTests + (!ok && r.numFailedTests === 0 ? 1 : 0) });
  } catch {
    steps.push({ name, passed: 0, failed: 1 });
  }
}

const only = process.argv.slice(2);
const want = (s: string) => only.length === 0 || only.includes(s);
const cores = cpus().length;

const timings: string[] = [];
/** Runs a step and notes how long it took (wall clock), for the totals at the end. */
const timed = (name: string, step: () => Promise<void>) => async () => {
  const began = Date.now();
  await step();
  timings.push(`${name} ${Math.round((Date.now() - began) / 1000)} s`);
};

// Side by side with four cores or more. With fewer, the typecheck and the lint (one process each)
// share the machine, then the unit and the server tests (which use every core) follow one after
// the other: a unit test's quick waits are not made to share a small machine.
const checks: Array<() => Promise<void>> = [];
if (want('typecheck')) checks.push(timed('typecheck', typecheck));
if (want('lint')) checks.push(timed('lint', lint));
const tests: Array<() => Promise<void>> = [];
if (want('unit')) tests.push(timed('unit', () => vitest('unit', cores < 4)));
if (want('server')) tests.push(timed('server', () => vitest('server', cores < 4)));
if (cores >= 4) await Promise.all([...checks, ...tests].map((f) => f()));
else {
  await Promise.all(checks.map((f) => f()));
  for (const f of tests) await f();
}
// Browser tests once the rest is done (each file starts its own server and browser): most files
// two at a time, as a file mostly waits on a browser or a server; then those that need the machine
// quiet (ALONE_FILES in vitest.config.ts), one at a time.
if (want('e2e')) {
  await timed('e2e', () => vitest('e2e', true, 'e2e', { E2E_PASS: 'side-by-side' }))();
  await timed('e2e alone', () => vitest('e2e', true, 'e2e-alone', { E2E_PASS: 'alone' }))();
}

const passed = steps.reduce((n, s) => n + s.passed, 0);
const failed = steps.reduce((n, s) => n + s.failed, 0);
writeFileSync('test-results/summary.json', JSON.stringify({ passed, failed, steps, failures }, null, 2));
if (failures.length > 0) console.log('\nFailed:\n' + failures.map((f) => '  ✗ ' + f).join('\n'));
console.log('\n' + steps.map((s) => `${s.name}: ${s.passed} passed, ${s.failed} failed`).join('\n'));
console.log(`${passed} passed, ${failed} failed`);
console.log(`time: ${timings.join(', ')}`);
process.exit(failed > 0 ? 1 : 0);
