// Several server instances on one database behind HAProxy with the repository's configuration
// (deploy/haproxy.cfg), run as deploy/compose.yaml runs them where there is a Docker engine: each
// instance started again when it exits by itself (`restart: unless-stopped`), the balancer started
// once the instances are ready. For the fault tests (tests/e2e/ops-*.e2e.ts) and the bench
// (bench/mixed-load.bench.ts), here and in CI, which have no Docker engine.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort } from '../free-port';

export { asPostgres, postgresBin, temporaryPostgres, type TemporaryPostgres } from './postgres';

export const ROOT = resolve(import.meta.dirname, '../..');
export const HAPROXY_CONFIG = join(ROOT, 'deploy/haproxy.cfg');
/** The server as one file (`npm run build:server`): what the container runs, and these instances. */
export const SERVER_BUNDLE = join(ROOT, 'dist-server/main.mjs');

/** Bundles the server (esbuild, packages left in node_modules): starts in a second, where tsx takes several. */
export function buildServer(outfile = SERVER_BUNDLE): void {
  const r = spawnSync(
    join(ROOT, 'node_modules/.bin/esbuild'),
    [
      'server/main.ts',
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--packages=external',
      '--target=node20',
      `--outfile=${outfile}`,
      '--log-level=warning',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('the server bundle failed to build');
}

/** Polls `url` every 100 ms until `ok(status)`; gives up after `ms`, or at once if `child` exits. */
async function waitFor(url: string, ok: (status: number) => boolean, ms: number, child?: ChildProcess): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: the process exited (${child.exitCode}) before it was ready`);
    try {
      if (ok((await fetch(url)).status)) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > end) throw new Error(`${url} not ready within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Docker's restart delay: 100 ms, doubled at each exit that follows a short run, at most a minute;
 * a run that lasted 10 s counts as a good start and sets it back to 100 ms.
 */
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 60_000;
const GOOD_RUN_MS = 10_000;

/** One server process (`node dist-server/main.mjs`, as the container runs it; buildServer first). */
export class Instance {
  child: ChildProcess | null = null;
  /** The current run's exit code, once it has exited. */
  exited: Promise<number | null> = Promise.resolve(null);
  /** How many times it was started again after exiting by itself (the supervisor's restarts). */
  restarts = 0;
  readonly url: string;
  /** Stopped on purpose (stop, kill): not started again. */
  private held = true;
  private delayMs = 0;
  private pending: NodeJS.Timeout | null = null;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly env: Record<string, string>,
    /** Start it again whenever it exits by itself, as compose's `restart: unless-stopped`. */
    readonly supervised = false,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Starts it and waits until it is ready (GET /readyz 200). `extraEnv` holds for this run only, not for restarts. */
  async start(extraEnv: Record<string, string> = {}): Promise<void> {
    this.held = false;
    await waitFor(`${this.url}/readyz`, (s) => s === 200, 60_000, this.run(extraEnv));
  }

  /** Waits until it is ready again (after a restart by the supervisor, or the database's return). */
  async ready(ms = 60_000): Promise<void> {
    await waitFor(`${this.url}/readyz`, (s) => s === 200, ms);
  }

  private run(extraEnv: Record<string, string>): ChildProcess {
    const child = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...this.env,
        ...extraEnv,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        INSTANCE_NAME: this.name,
      },
      stdio: ['ignore', process.env.CLUSTER_LOGS ? 'inherit' : 'ignore', 'inherit'],
    });
    const began = Date.now();
    this.child = child;
    this.exited = new Promise((r) =>
      child.once('exit', (code) => {
        r(code);
        this.afterExit(Date.now() - began);
      }),
    );
    return child;
  }

  private afterExit(ranMs: number): void {
    if (!this.supervised || this.held) return;
    this.delayMs =
      ranMs >= GOOD_RUN_MS || this.delayMs === 0 ? FIRST_DELAY_MS : Math.min(this.delayMs * 2, MAX_DELAY_MS);
    this.pending = setTimeout(() => {
      this.pending = null;
      if (this.held) return;
      this.restarts += 1;
      this.run({});
    }, this.delayMs);
  }

  private hold(): void {
    this.held = true;
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
  }

  /** SIGTERM (a graceful stop), resolved when it has exited; not started again. */
  async stop(): Promise<number | null> {
    this.hold();
    this.child?.kill('SIGTERM');
    return this.exited;
  }

  /** SIGKILL: dies at once, whatever it holds; not started again. */
  async kill(): Promise<void> {
    this.hold();
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** SIGKILL from outside, as the OOM killer: a supervised instance is started again. */
  async crash(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }
}

/** HAProxy with deploy/haproxy.cfg in front of the given instances. */
export class Balancer {
  child: ChildProcess | null = null;
  readonly url: string;
  /** What HAProxy has said on stderr: its alerts and its servers' state changes («Server pages/app1 is DOWN … Running on backup»). */
  log = '';
  constructor(
    readonly port: number,
    readonly apps: [string, string],
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static available(): boolean {
    return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
  }

  /** Starts HAProxy; resolves once a request through it reaches a ready instance, or, `untilReady: false`, once it answers at all. */
  async start(opts: { untilReady?: boolean } = {}): Promise<void> {
    this.child = spawn('haproxy', ['-W', '-db', '-f', HAPROXY_CONFIG], {
      env: { ...process.env, CLUB_LB_BIND: `127.0.0.1:${this.port}`, CLUB_APP1: this.apps[0], CLUB_APP2: this.apps[1] },
      stdio: ['ignore', process.env.CLUSTER_LOGS ? 'inherit' : 'ignore', 'pipe'],
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.log += chunk.toString();
      process.stderr.write(chunk);
    });
    await waitFor(`${this.url}/readyz`, (s) => opts.untilReady === false || s === 200, 20_000, this.child);
  }

  /** Waits until HAProxy's stderr (after `from` characters of it) matches `pattern`: a state its checks reached. */
  async saw(pattern: RegExp, from = 0, ms = 30_000): Promise<void> {
    const end = Date.now() + ms;
    while (!pattern.test(this.log.slice(from))) {
      if (Date.now() > end) throw new Error(`HAProxy did not log ${pattern} within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(): Promise<void> {
    const c = this.child;
    if (!c || c.exitCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await gone;
  }
}

export interface Cluster {
  instances: [Instance, Instance];
  balancer: Balancer;
  /** Stops the balancer, then the instances (SIGKILL: the tests' data is thrown away after). */
  stop(): Promise<void>;
}

/**
 * Two supervised instances on one database and HAProxy in front, as compose runs them: the
 * balancer is started once both instances are ready (`depends_on: condition: service_healthy`).
 * `firstRun` adds settings to each instance's first run only (a fault to inject).
 */
export async function startCluster(
  env: Record<string, string>,
  firstRun: [Record<string, string>, Record<string, string>] = [{}, {}],
): Promise<Cluster> {
  const [pa, pb, pl] = [await freePort(), await freePort(), await freePort()];
  const instances: [Instance, Instance] = [new Instance('app1', pa, env, true), new Instance('app2', pb, env, true)];
  const balancer = new Balancer(pl, [`127.0.0.1:${pa}`, `127.0.0.1:${pb}`]);
  const stop = async () => {
    await balancer.stop();
    await Promise.all(instances.map((i) => i.kill()));
  };
  try {
    await Promise.all(instances.map((i, n) => i.start(firstRun[n])));
    await balancer.start();
  } catch (e) {
    await stop();
    throw e;
  }
  return { instances, balancer, stop };
}
