import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, ROOT, SERVER_BUNDLE } from '../../../scripts/ops/cluster';
import { freePort } from '../../../scripts/free-port';
import { PRODUCTION_ENV } from '../../support/server';

// The bundled server as the container runs it (`node dist-server/main.mjs`), read from outside:
// every line it writes, on stdout and stderr, is JSON with nothing personal in clear, a crash
// included; and a line is out the moment it is logged, so a SIGKILL (an out-of-memory kill)
// loses none of them.

const dir = mkdtempSync(join(tmpdir(), 'club-output-'));
const started: ChildProcess[] = [];
beforeAll(() => buildServer(), 60_000);
// A test that failed half-way leaves no server behind.
afterEach(() => {
  for (const c of started.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A phone number, however written: the digits of a Ukrainian mobile with or without separators. */
const PHONE = /(?:\+?38)?0\d{2}[\s-]?\d{3}[\s-]?\d{2}[\s-]?\d{2}/;
const PHONE_IN_CLEAR = '380501234567';

interface Run {
  url: string;
  child: ChildProcess;
  /** Everything written so far, stdout and stderr. */
  out: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

let runs = 0;
async function run(env: Record<string, string>): Promise<Run> {
  const port = await freePort();
  let stdout = '';
  let stderr = '';
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...base,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: join(dir, `club-${(runs += 1)}.db`),
      STATIC_DIR: join(dir, 'no-app'),
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)));
  return { url: `http://127.0.0.1:${port}`, child, out: () => ({ stdout, stderr }), exited };
}

async function ready(r: Run): Promise<void> {
  for (;;) {
    if (r.child.exitCode !== null) throw new Error(`exited ${r.child.exitCode}: ${r.out().stdout}${r.out().stderr}`);
    const status = await fetch(`${r.url}/readyz`).then(
      (x) => x.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Every line parsed as JSON (a line that is not fails the test, naming it). */
function jsonLines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${l}`);
      }
    });
}

/** The whole output: JSON on both streams, no phone anywhere. */
function checked(r: Run): Array<Record<string, unknown>> {
  const { stdout, stderr } = r.out();
  expect(stdout + stderr).not.toMatch(PHONE);
  return [...jsonLines(stdout), ...jsonLines(stderr)];
}

const production = { ...PRODUCTION_ENV, API_KEY: 'output-key' };

// Each test starts one or two server processes: seconds each on a busy machine.
describe('the server process output', { timeout: 60_000 }, () => {
  it('is out when logged: after a SIGKILL the ready line and the last request are in it', async () => {
    const r = await run(production);
    await ready(r);
    expect((await fetch(`${r.url}/api/openapi.json`, { headers: { 'x-request-id': 'last-before-kill' } })).status).toBe(
      200,
    );
    r.child.kill('SIGKILL');
    await r.exited;
    // Only what got out matters here (whether every line is JSON is the next test's).
    const lines = r
      .out()
      .stdout.split('\n')
      .flatMap((l) => (l.startsWith('{') ? [JSON.parse(l) as Record<string, unknown>] : []));
    expect(lines.find((l) => l.msg === 'ready')).toBeDefined();
    expect(lines.find((l) => l.reqId === 'last-before-kill')).toMatchObject({
      route: '/api/openapi.json',
      status: 200,
    });
  });

  it('is JSON line by line over a start, requests and a stop, with no phone in clear and one instance key a line', async () => {
    const r = await run(production);
    await ready(r);
    const key = { 'x-api-key': production.API_KEY, 'content-type': 'application/json' };
    await fetch(`${r.url}/api/openapi.json`);
    await fetch(`${r.url}/nothing/+${PHONE_IN_CLEAR}/x.db`);
    await fetch(`${r.url}/api/api-auth/login-sms`, {
      method: 'POST',
      headers: key,
      body: JSON.stringify({ phone: PHONE_IN_CLEAR }),
    });
    await fetch(`${r.url}/metrics`);
    r.child.kill('SIGTERM');
    expect(await r.exited).toBe(0);
    const lines = checked(r);
    const readyLine =
      r
        .out()
        .stdout.split('\n')
        .find((l) => l.includes('"msg":"ready"')) ?? '';
    expect(readyLine.match(/"instance"/g)).toHaveLength(1);
    // Production with no SMS gateway says so at start, loudly.
    expect(lines.find((l) => l.level === 'error' && String(l.msg).includes('nobody can sign in'))).toBeDefined();
    expect(lines.find((l) => l.msg === 'stopped')).toBeDefined();
  });

  it('is JSON when production refuses its configuration, naming what is missing, and exits non-zero', async () => {
    const r = await run({ NODE_ENV: 'production' });
    expect(await r.exited).toBe(1);
    const [fatal] = checked(r).filter((l) => l.level === 'fatal');
    expect(JSON.stringify(fatal)).toMatch(/PUBLIC_URL: required in production.*METRICS_TOKEN: required in production/);
  });

  it('is JSON, masked, when the start fails on an error that names a phone', async () => {
    // A database path whose folder cannot be made (under a file): the error repeats the path.
    writeFileSync(join(dir, 'a-file'), '');
    const r = await run({ ...production, SQLITE_PATH: join(dir, 'a-file', PHONE_IN_CLEAR, 'club.db') });
    expect(await r.exited).toBe(1);
    expect(checked(r).filter((l) => l.level === 'fatal')).toHaveLength(1);
  });

  it('is JSON, masked, when a running server crashes (an uncaught exception, an unhandled rejection), and it exits non-zero', async () => {
    for (const kind of ['throw', 'reject']) {
      // Outside production only: the fault is the server's own test hook (server/ops/faults.ts).
      const r = await run({
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        SEED: 'none',
        CLUB_FAULT_CRASH: `${kind}:order for +380 50 123 45 67 failed`,
      });
      expect(await r.exited).toBe(1);
      const fatal = checked(r).filter((l) => l.level === 'fatal');
      expect(fatal).toEqual([
        expect.objectContaining({
          msg: expect.stringMatching(kind === 'throw' ? /uncaught exception/ : /unhandled rejection/),
          error: expect.objectContaining({ message: 'order for … failed' }),
        }),
      ]);
    }
  });
});
