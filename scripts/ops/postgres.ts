// A PostgreSQL cluster of its own for a test or a bench: on a free port, in a temporary folder,
// stopped, restarted or removed at will (the outage tests stop and restart it under load).
import { spawn, spawnSync, type StdioOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../free-port';

/** The PostgreSQL binaries of the newest version installed, or null. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root)
    .sort((a, b) => Number(a) - Number(b))
    .at(-1);
  return version && existsSync(join(root, version, 'bin/initdb')) ? join(root, version, 'bin') : null;
}

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
export function asPostgres(cmd: string, opts: { capture?: boolean } = {}) {
  const asRoot = process.getuid?.() === 0;
  const stdio: StdioOptions = opts.capture ? ['ignore', 'pipe', 'pipe'] : 'ignore';
  return asRoot
    ? spawnSync('su', ['postgres', '-c', cmd], { stdio, cwd: '/' })
    : spawnSync('bash', ['-c', cmd], { stdio });
}

/** asPostgres without blocking: the caller's own requests go on while the tool runs. */
function runAsPostgres(cmd: string): Promise<number | null> {
  const child =
    process.getuid?.() === 0
      ? spawn('su', ['postgres', '-c', cmd], { stdio: 'ignore', cwd: '/' })
      : spawn('bash', ['-c', cmd], { stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', resolve));
}

export interface TemporaryPostgres {
  url: string;
  port: number;
  bin: string;
  /** `pg_ctl restart -m fast`: every session ended (57P01); resolved once it accepts connections again. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`, the data kept: the database is away until `resume`. */
  halt(): Promise<void>;
  /** Starts it again after `halt`; resolved once it accepts connections. */
  resume(): Promise<void>;
  /** Stops it at once and removes its data. */
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
  const ctl = async (action: string) => {
    const status = await runAsPostgres(
      `${bin}/pg_ctl -D ${dir} -o '-p ${port} -k /tmp' -l ${dir}/log -m fast -w ${action}`,
    );
    if (status !== 0) throw new Error(`pg_ctl ${action} failed (${status}): see ${dir}/log`);
  };
  try {
    await ctl('start');
  } catch {
    return null;
  }
  asPostgres(`${bin}/createdb -h localhost -p ${port} -U postgres ${dbName}`);
  return {
    url: `postgres://postgres@localhost:${port}/${dbName}`,
    port,
    bin,
    restart: () => ctl('restart'),
    halt: () => ctl('stop'),
    resume: () => ctl('start'),
    stop() {
      asPostgres(`${bin}/pg_ctl -D ${dir} -m immediate stop`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
