import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../../server/http/node-listener';
import { makeTestServer, type TestServer } from '../../support/server';
import { parseYaml, type Yaml } from '../../support/yaml-lite';

/*
 * The deployment as shipped (no Docker engine runs here, so the files are read, not run): every
 * service restarts on its own, the balancer starts once the instances are ready, no secret is
 * written in the compose file, every base image is pinned by exact version and digest, the image
 * runs unprivileged on a read-only root with its data in a volume, and its health check is a
 * small process that asks the real server for readiness.
 */
const ROOT = join(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
type Map = Record<string, Yaml>;
const compose = parseYaml(read('deploy/compose.yaml')) as Map;
const services = compose.services as Record<string, Map>;
const apps = Object.entries(services).filter(([, s]) => s.build !== undefined);
const dockerfile = read('Dockerfile');
/** The Dockerfile's instructions, continuation lines joined. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .filter((l) => l.trim() && !l.trim().startsWith('#'));
const finalStage = instructions.slice(instructions.findLastIndex((l) => l.startsWith('FROM ')));
const SECRET = /PASSWORD|TOKEN|SECRET|PRIVATE|API_KEY|DATABASE_URL/;
const PINNED = /^[a-z0-9./-]+:\d+\.\d+[\w.-]*@sha256:[0-9a-f]{64}$/;

describe('deploy/compose.yaml', () => {
  it('runs PostgreSQL, two instances built from this repository and the balancer', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'lb', 'postgres']);
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
    expect(services.lb!.environment).toMatchObject({ CLUB_APP1: 'app1:8080', CLUB_APP2: 'app2:8080' });
    expect(services.lb!.volumes).toContain('./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    expect(existsSync(join(ROOT, 'deploy/haproxy.cfg'))).toBe(true);
  });

  it('restarts every service unless it was stopped', () => {
    for (const [name, s] of Object.entries(services)) expect(s.restart, name).toBe('unless-stopped');
  });

  it('starts the instances once PostgreSQL is healthy and the balancer once every instance is', () => {
    for (const [name, s] of apps) expect(s.depends_on, name).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services.lb!.depends_on).toEqual(
      Object.fromEntries(apps.map(([name]) => [name, { condition: 'service_healthy' }])),
    );
    expect((services.postgres!.healthcheck as Map).test).toEqual(expect.arrayContaining(['pg_isready']));
    // The instances' health is the image's own check (below): no compose check starting Node every few seconds.
    for (const [name, s] of apps) expect(JSON.stringify(s.healthcheck ?? null), name).not.toMatch(/node/);
  });

  it('writes no secret into the file: they come from deploy/club.env, which git and docker build ignore', () => {
    for (const [name, s] of Object.entries(services)) {
      for (const [key, value] of Object.entries((s.environment ?? {}) as Map)) {
        expect(key, `${name}.${key}`).not.toMatch(SECRET);
        expect(String(value), `${name}.${key}`).not.toMatch(/:\/\/[^/@\s]+:[^/@\s]+@/);
      }
    }
    for (const name of ['postgres', 'app1', 'app2']) expect(services[name]!.env_file, name).toEqual(['club.env']);
    expect(read('.gitignore').split('\n')).toContain('deploy/club.env');
    expect(read('.dockerignore').split('\n')).toContain('deploy/club.env');
  });

  it('names every secret and required setting in deploy/club.env.example, empty, each one a documented setting', () => {
    const example = read('deploy/club.env.example');
    const vars = new Map([...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
    for (const name of [
      'POSTGRES_PASSWORD',
      'DATABASE_URL',
      'PUBLIC_URL',
      'METRICS_TOKEN',
      'API_KEY',
      'LIQPAY_PUBLIC_KEY',
      'LIQPAY_PRIVATE_KEY',
      'TURBOSMS_TOKEN',
      'TURBOSMS_SENDER',
    ]) {
      expect(vars.has(name), name).toBe(true);
    }
    for (const [name, value] of vars) if (/PASSWORD|TOKEN|PRIVATE|API_KEY/.test(name)) expect(value, name).toBe('');
    const docs = read('docs/configuration.md');
    for (const name of vars.keys()) if (name !== 'POSTGRES_PASSWORD') expect(docs, name).toContain(`\`${name}\``);
  });

  it('pins every image it pulls by exact version and digest', () => {
    for (const [name, s] of Object.entries(services)) if (!s.build) expect(s.image, name).toMatch(PINNED);
    const base = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1];
    expect(base).toMatch(PINNED);
    for (const from of instructions.filter((l) => l.startsWith('FROM ')))
      expect(from).toMatch(/^FROM \$\{NODE_IMAGE\}( AS \w+)?$/);
  });

  it('runs the instances on a read-only root with a data volume and /tmp, the balancer too', () => {
    for (const name of ['app1', 'app2', 'lb']) {
      expect(services[name]!.read_only, name).toBe(true);
      expect(services[name]!.tmpfs, name).toEqual(['/tmp']);
    }
    for (const [name, s] of apps) expect(s.volumes, name).toEqual([`${name}-data:/app/data`]);
    expect(Object.keys(compose.volumes as Map).sort()).toEqual(['app1-data', 'app2-data', 'pgdata']);
  });

  it('rotates every container’s log (json-file: size and count)', () => {
    for (const [name, s] of Object.entries(services)) {
      const logging = s.logging as Map;
      expect(logging.driver, name).toBe('json-file');
      expect(logging.options, name).toMatchObject({
        'max-size': expect.stringMatching(/^\d+m$/),
        'max-file': expect.stringMatching(/^\d+$/),
      });
    }
  });

  it('believes forwarded addresses from the balancer alone', () => {
    const lbAddress = ((services.lb!.networks as Map).club as Map).ipv4_address as string;
    for (const [name, s] of apps) expect((s.environment as Map).TRUSTED_PROXIES, name).toBe(`${lbAddress}/32`);
    for (const [name, s] of apps) expect((s.environment as Map).TRUST_PROXY_HOPS, name).toBeUndefined();
  });

  it('is what docker compose itself reads, where its client is installed', () => {
    if (spawnSync('docker', ['compose', 'version']).status !== 0) return;
    // Beside a copy of the example env file, in a scratch folder: the real deploy/club.env is left alone.
    const dir = mkdtempSync(join(tmpdir(), 'club-compose-'));
    try {
      mkdirSync(join(dir, 'deploy'));
      for (const f of ['deploy/compose.yaml', 'deploy/haproxy.cfg', 'Dockerfile'])
        copyFileSync(join(ROOT, f), join(dir, f));
      copyFileSync(join(ROOT, 'deploy/club.env.example'), join(dir, 'deploy/club.env'));
      const config = execFileSync(
        'docker',
        ['compose', '-f', join(dir, 'deploy/compose.yaml'), 'config', '--format', 'json'],
        { encoding: 'utf8' },
      );
      const parsed = JSON.parse(config) as { services: Record<string, { restart?: string }> };
      expect(Object.keys(parsed.services).sort()).toEqual(['app1', 'app2', 'lb', 'postgres']);
      for (const s of Object.values(parsed.services)) expect(s.restart).toBe('unless-stopped');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Dockerfile', () => {
  it('runs as the unprivileged node user, its data in /app/data, which that user owns', () => {
    const user = finalStage.findIndex((l) => l.startsWith('USER '));
    expect(finalStage[user]).toBe('USER node');
    expect(user).toBeLessThan(finalStage.findIndex((l) => l.startsWith('CMD ')));
    expect(finalStage).toContain('RUN mkdir -p /app/data/backups && chown -R node:node /app/data');
    expect(finalStage).toContain('VOLUME /app/data');
    const env = finalStage.filter((l) => l.startsWith('ENV ')).join(' ');
    expect(env).toContain('SQLITE_PATH=/app/data/club.db');
    expect(env).toContain('BACKUP_DIR=/app/data/backups');
  });

  it('builds nothing of a deployment in: no build argument or variable for the app’s settings', () => {
    expect(dockerfile).not.toMatch(/VITE_|API_KEY|OGO_HOST|TEST_PHONES/);
  });

  it('checks readiness with a start period and without a new Node process', () => {
    const check = finalStage.find((l) => l.startsWith('HEALTHCHECK '))!;
    expect(check).toMatch(/--start-period=\d+s/);
    expect(check).toMatch(/--interval=\d+s/);
    expect(check).toMatch(/CMD \["bash", "-c", /);
    expect(check).not.toMatch(/\bnode\b/);
    expect(check).toContain('/readyz');
  });
});

describe('the image’s health check against the server', () => {
  let s: TestServer;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    s = await makeTestServer();
    ({ server, port } = await listen(s.app.fetch, 0, '127.0.0.1'));
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await s.close();
  });

  /**
   * The HEALTHCHECK's command, run as Docker runs it (exec form) with the container's PORT; not
   * spawnSync, which would hold the event loop of the server it asks.
   */
  const probe = (p: number) => {
    const check = finalStage.find((l) => l.startsWith('HEALTHCHECK '))!;
    const argv = JSON.parse(check.slice(check.indexOf('CMD ') + 4)) as string[];
    const child = spawn(argv[0]!, argv.slice(1), { env: { ...process.env, PORT: String(p) } });
    return new Promise<number | null>((resolve) => child.on('exit', resolve));
  };

  it('passes while the server is ready, fails while it drains and when nothing listens', async () => {
    expect(await probe(port)).toBe(0);
    s.deps.lifecycle!.draining = true;
    try {
      expect(await probe(port)).not.toBe(0);
    } finally {
      s.deps.lifecycle!.draining = false;
    }
    const closed = await listen(s.app.fetch, 0, '127.0.0.1');
    await new Promise((r) => closed.server.close(r));
    expect(await probe(closed.port)).not.toBe(0);
  });
});
