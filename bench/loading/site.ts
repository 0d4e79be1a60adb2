// Where the bench's phone loads the app from: the production-mode server on a build (a dist
// folder; when the folder's parent is a checkout of the project, that checkout's own server, so
// that two versions compare whole), reached directly (HTTP/1.1, no TLS) or as a deployment serves
// it: through HAProxy with deploy/haproxy.cfg, its bind made TLS with HTTP/2 (a self-signed
// certificate made here by openssl, which the browser is told to trust by its key's hash). Each
// build is served from a copy whose service worker also precaches the floor: a tiny static page
// (one heading, no styles).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort } from '../../scripts/free-port';
import { HAPROXY_CONFIG } from '../../scripts/ops/cluster';

export type Via = 'direct' | 'h2';

/** The floor's address: the same for every build. */
export const FLOOR_PAGE = 'bench-static/floor.html';
const FLOOR_HTML =
  '<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Клуб</title></head><body><h1>Клуб</h1></body></html>\n';

export interface Site {
  /** The build's folder as given. */
  dist: string;
  /** The copy served (what the bench weighs: the given folder may be rebuilt while it runs). */
  served: string;
  url: string;
  /** Chromium flags this site needs (the certificate's trust). */
  args: string[];
  dispose(): Promise<void>;
}

/** A copy of the build whose service worker precaches the floor page too, listed as the build lists its own files. */
function withFloor(dist: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'club-bench-dist-'));
  cpSync(dist, dir, { recursive: true });
  const swFile = join(dir, 'sw.js');
  const sw = readFileSync(swFile, 'utf8');
  // A page's revision carries the server's settings mark (server/page-config.ts): any revision.
  const anchor = sw.match(/\{"revision":"[^"]+","url":"index\.html"\}|\{"url":"index\.html","revision":"[^"]+"\}/);
  if (!anchor) throw new Error(`${dist}: the service worker has no precache entry for index.html`);
  mkdirSync(join(dir, 'bench-static'), { recursive: true });
  writeFileSync(join(dir, FLOOR_PAGE), FLOOR_HTML);
  const entry = `{"revision":"${createHash('md5').update(FLOOR_HTML).digest('hex')}","url":"${FLOOR_PAGE}"}`;
  writeFileSync(swFile, sw.replace(anchor[0], `${anchor[0]},${entry}`));
  return dir;
}

/** Production as a staging deployment runs it: the sandboxes and the demo named, its required settings given. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SANDBOXES: 'liqpay,sms,test-login,age-check',
  SEED: 'demo',
  METRICS_TOKEN: 'bench',
};

interface Server {
  port: number;
  stop(): Promise<void>;
}

/** The server of the checkout that holds `dist` (else this one's) on a fresh SQLite database. */
async function startServer(dist: string, env: Record<string, string>): Promise<Server> {
  const parent = resolve(dirname(resolve(dist)));
  const root =
    existsSync(join(parent, 'server/main.ts')) && existsSync(join(parent, 'node_modules')) ? parent : process.cwd();
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'club-bench-db-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...PRODUCTION,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: join(data, 'club.db'),
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null || i > 600) throw new Error(`the server of ${root} did not start`);
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(data, { recursive: true, force: true });
    },
  };
}

export async function startSite(dist: string, via: Via): Promise<Site> {
  const copy = withFloor(dist);
  if (via === 'direct') {
    const server = await startServer(dist, { PUBLIC_URL: 'http://localhost', STATIC_DIR: copy });
    return {
      dist,
      served: copy,
      url: `http://localhost:${server.port}`,
      args: [],
      dispose: () => disposeAll(server, null, copy),
    };
  }
  const port = await freePort();
  const url = `https://localhost:${port}`;
  const server = await startServer(dist, { PUBLIC_URL: url, STATIC_DIR: copy, TRUSTED_PROXIES: '127.0.0.1/32' });
  const tls = makeCertificate();
  const balancer = await startTlsBalancer(port, `127.0.0.1:${server.port}`, tls);
  return {
    dist,
    served: copy,
    url,
    args: [`--ignore-certificate-errors-spki-list=${tls.spki}`],
    dispose: () => disposeAll(server, balancer, copy, tls.dir),
  };
}

async function disposeAll(server: Server, balancer: ChildProcess | null, ...dirs: string[]): Promise<void> {
  if (balancer && balancer.exitCode === null) {
    const gone = new Promise((r) => balancer.once('exit', r));
    balancer.kill('SIGTERM');
    await gone;
  }
  await server.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

interface Certificate {
  dir: string;
  /** Certificate and key in one file, as HAProxy's `crt` takes them. */
  pem: string;
  /** base64 SHA-256 of the public key, for Chromium's --ignore-certificate-errors-spki-list. */
  spki: string;
}

function makeCertificate(): Certificate {
  const dir = mkdtempSync(join(tmpdir(), 'club-bench-tls-'));
  const run = (args: string[], input?: Buffer) => {
    const r = spawnSync('openssl', args, { cwd: dir, input });
    if (r.status !== 0) throw new Error(`openssl ${args[0]}: ${r.stderr.toString()}`);
    return r.stdout;
  };
  run([
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    'key.pem',
    '-out',
    'cert.pem',
  ]);
  const pem = join(dir, 'site.pem');
  writeFileSync(pem, Buffer.concat([readFileSync(join(dir, 'cert.pem')), readFileSync(join(dir, 'key.pem'))]));
  const pub = run(['x509', '-in', 'cert.pem', '-pubkey', '-noout']);
  const der = run(['pkey', '-pubin', '-outform', 'der'], pub);
  return { dir, pem, spki: createHash('sha256').update(der).digest('base64') };
}

/** HAProxy with the deployment's own configuration, only its bind made TLS + HTTP/2; both of its instances are the one server. */
async function startTlsBalancer(port: number, app: string, tls: Certificate): Promise<ChildProcess> {
  const deployed = readFileSync(HAPROXY_CONFIG, 'utf8');
  const bind = 'bind "${CLUB_LB_BIND}"';
  if (!deployed.includes(bind)) throw new Error(`${HAPROXY_CONFIG} has no «${bind}» line to make TLS`);
  const config = join(tls.dir, 'haproxy.cfg');
  writeFileSync(config, deployed.replace(bind, `${bind} ssl crt "${tls.pem}" alpn h2,http/1.1`));
  const child = spawn('haproxy', ['-W', '-db', '-f', config], {
    env: { ...process.env, CLUB_LB_BIND: `127.0.0.1:${port}`, CLUB_APP1: app, CLUB_APP2: app },
    stdio: ['ignore', 'ignore', process.env.LOADING_DEBUG ? 'inherit' : 'ignore'],
  });
  const ca = readFileSync(join(tls.dir, 'cert.pem'));
  const status = () =>
    new Promise<number>((resolve) => {
      const req = get({ host: '127.0.0.1', port, path: '/readyz', servername: 'localhost', ca }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve(0));
    });
  for (let i = 0; (await status()) !== 200; i += 1) {
    if (child.exitCode !== null || i > 300) throw new Error('HAProxy with TLS did not become ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}
