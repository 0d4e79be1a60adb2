import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST } from '../../../scripts/build-if-stale';
import { freePort } from '../../../scripts/free-port';
import { SERVER_BUNDLE } from '../../../scripts/ops/cluster';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Stops the process (the database stays, so `start` again brings the same data back). */
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL: no shutdown, requests in flight die with it), as a crash does. */
  kill(): Promise<void>;
  start(): Promise<void>;
  /**
   * Kills the process (SIGKILL, as a crash) and starts it again on the same port and database;
   * `env` overrides settings of the new process from then on (e.g. another APP_VERSION: a deploy).
   */
  restart(env?: Record<string, string>): Promise<void>;
  /** Stops it and deletes its database. */
  dispose(): Promise<void>;
}

async function waitUp(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(`${url}/api/openapi.json`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server at ${url} did not start`);
}

/**
 * The real server (built app + API) on a free port with a fresh seeded SQLite database. It runs
 * the server bundle the global setup builds (`node dist-server/main.mjs`, as the container runs
 * it): it starts in a second or two, where `tsx server/main.ts` compiles the tree for several at
 * every start and restart.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'club-e2e-'));
  const url = `http://localhost:${port}`;
  let child: ChildProcess | null = null;
  let settings = { ...env };

  const start = async () => {
    child = spawn(process.execPath, [SERVER_BUNDLE], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        SQLITE_PATH: join(dataDir, 'club.db'),
        STATIC_DIR: DIST,
        DATABASE_URL: '',
        // No balancer watches a test's server: stopping it need not first wait for one to notice.
        SHUTDOWN_DRAIN_MS: '0',
        ...settings,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitUp(url);
  };
  const end = async (signal: NodeJS.Signals) => {
    const c = child as ChildProcess | null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill(signal);
      setTimeout(() => c.kill('SIGKILL'), 3000).unref();
    });
  };
  const stop = () => end('SIGTERM');
  await start();
  return {
    url,
    port,
    dataDir,
    start,
    stop,
    kill: () => end('SIGKILL'),
    async restart(more = {}) {
      await end('SIGKILL');
      settings = { ...settings, ...more };
      await start();
    },
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
