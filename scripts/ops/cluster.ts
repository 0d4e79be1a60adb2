// Several server instances on one database behind HAProxy with the repository's configuration
// (deploy/haproxy.cfg), started the way deploy/compose.yaml starts them: for the fault tests
// (tests/e2e/ops-*.e2e.ts) and the bench (bench/mixed-load.bench.ts).
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../free-port';

export const ROOT = resolve(import.meta.dirname, '../..');
export const HAPROXY_CONFIG = join(ROOT, 'deploy/haproxy.cfg');
/** The server as one file (`npm run build:server`): what the container runs, and these instances. */
export const SERVER_BUNDLE = join(ROOT, 'dist-server/main.mjs');

/** Bundles the server (esbuild, packages left in node_modules): starts in a second, where tsx takes several. */
export function buildServer(): void {
  const r = spawnSync(join(ROOT, 'node_modules/.bin/esbuild'), ['server/main.ts', '--bundle', '--platform=node', '--format=esm', '--packages=external', '--target=node20', `--outfile=${SERVER_BUNDLE}`, '--log-level=warning'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the server bundle failed to build');
}

/** The PostgreSQL binaries of the newest version installed, or null. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root).sort((a, b) => Number(a) - Number(b)).at(-1);
  return version && existsSync(join(root, version, 'bin/initdb')) ? join(root, version, 'bin') : null;
}

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
export function asPostgres(cmd: string, opts: { capture?: boolean } = {}) {
  const asRoot = process.getuid?.() === 0;
  const stdio: StdioOptions = opts.capture ? ['ignore', 'pipe', 'pipe'] : 'ignore';
  return asRoot ? spawnSync('su', ['postgres', '-c', cmd], { stdio, cwd: '/' }) : spawnSync('bash', ['-c', cmd], { stdio });
}

export interface TemporaryPostgres {
  url: string;
  port: number;
  bin: string;
  stop(): void;
}

/** A temporary PostgreSQL cluster on a free port with one database, or null without the binaries. */
export async function temporaryPostgres(dbName = 'club'): Promise<TemporaryPostgres | null> {
  const bin = postgresBin();
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'club-pg-'));
  const port = await freePort();
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres', dir]);
  if (asPostgres(`${bin}/initdb -D ${dir} -A trust -U postgres`).status !== 0) return null;
  if (asPostgres(`${bin}/pg_ctl -D ${dir} -o '-p ${port} -k /tmp' -l ${dir}/log -w start`).status !== 0) return null;
  asPostgres(`${bin}/createdb -h localhost -p ${port} -U postgres ${dbName}`);
  return {
    url: `postgres://postgres@localhost:${port}/${dbName}`,
    port,
    bin,
    stop() {
      asPostgres(`${bin}/pg_ctl -D ${dir} -m immediate stop`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitFor(url: string, ok: (status: number) => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (ok((await fetch(url)).status)) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > end) throw new Error(`${url} not ready within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One server process (`node dist-server/main.mjs`, as the container runs it; buildServer first). */
export class Instance {
  child: ChildProcess | null = null;
  exited: Promise<number | null> = Promise.resolve(null);
  readonly url: string;
  constructor(
    readonly name: string,
    readonly port: number,
    readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Starts it and waits until it is ready (GET /readyz 200). */
  async start(extraEnv: Record<string, string> = {}): Promise<void> {
    const child = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, ...extraEnv, PORT: String(this.port), HOST: '127.0.0.1', INSTANCE_NAME: this.name },
      stdio: ['ignore', process.env.CLUSTER_LOGS ? 'inherit' : 'ignore', 'inherit'],
    });
    this.child = child;
    this.exited = new Promise((r) => child.once('exit', (code) => r(code)));
    await waitFor(`${this.url}/readyz`, (s) => s === 200, 60_000);
  }

  /** SIGTERM (a graceful stop), resolved when it has exited. */
  async stop(): Promise<number | null> {
    this.child?.kill('SIGTERM');
    return this.exited;
  }

  /** SIGKILL: dies at once, whatever it holds. */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }
}

/** HAProxy with deploy/haproxy.cfg in front of the given instances. */
export class Balancer {
  child: ChildProcess | null = null;
  readonly url: string;
  constructor(
    readonly port: number,
    readonly apps: [string, string],
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static available(): boolean {
    return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
  }

  async start(): Promise<void> {
    this.child = spawn('haproxy', ['-W', '-db', '-f', HAPROXY_CONFIG], {
      env: { ...process.env, CLUB_LB_BIND: `127.0.0.1:${this.port}`, CLUB_APP1: this.apps[0], CLUB_APP2: this.apps[1] },
      stdio: ['ignore', process.env.CLUSTER_LOGS ? 'inherit' : 'ignore', 'inherit'],
    });
    await waitFor(`${this.url}/readyz`, (s) => s === 200, 20_000);
  }

  async stop(): Promise<void> {
    const c = this.child;
    if (!c || c.exitCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await gone;
  }
}
