import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listenerOptions } from '../../../server/http/listener-options';
import { listen } from '../../../server/http/node-listener';
import type { TestServer } from '../../support/server';
import { freePort } from '../../../scripts/free-port';

/** The test server's app on a real socket, with the listener options server/main.ts uses. */
export async function serveOverHttp(
  s: TestServer,
  fetch = s.app.fetch,
): Promise<{ url: string; close(): Promise<void> }> {
  const { server, port } = await listen(fetch, 0, '127.0.0.1', listenerOptions(s.config));
  return { url: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** The process's resident memory now, in bytes (Linux /proc). */
  rss(): number;
  /** The highest resident memory the process has had so far, in bytes. */
  peakRss(): number;
  stop(): Promise<void>;
}

function procStatus(pid: number, field: string): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m?.[1]) throw new Error(`no ${field} for ${pid}`);
  return Number(m[1]) * 1024;
}

/** server/main.ts as a process of its own on a free port, with a fresh seeded SQLite database. */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'club-security-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: join(dir, 'club.db'),
      STATIC_DIR: join(dir, 'no-app'),
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/openapi.json`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid as number;
  return {
    url,
    pid,
    rss: () => procStatus(pid, 'VmRSS'),
    peakRss: () => procStatus(pid, 'VmHWM'),
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 3000).unref();
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Parses a Content-Security-Policy into its directives. */
export function cspDirectives(header: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}
