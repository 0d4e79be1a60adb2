import { join } from 'node:path';
import { createApp } from './app';
import { loadConfig } from './config';
import { buildDeps, type BuiltDeps } from './deps';
import { purgeIdempotency, releaseKeysOf } from './http/idempotency';
import { listenerOptions } from './http/listener-options';
import { listen } from './http/node-listener';
import { snapshotSqlite } from './ops/backup';
import type { MigrationProgress } from './db/migrate';
import { startingReadiness } from './ops/health';
import { purgeSmsSends } from './security/sms-budget';
import { providerReport } from './providers/index';
import { startPaymentChecks } from './routes/shop/payment-settle';
import { startReferralChecks } from './routes/shop/referral-credits';

const config = loadConfig();

/**
 * Until the database is migrated, the port already answers: alive, not ready (so a balancer
 * or an orchestrator sees the instance start and sends it nothing yet), every other path 503.
 */
type Fetch = Parameters<typeof listen>[0];
let migrating: MigrationProgress | null = null;
const starting: Fetch = (request) => {
  const path = new URL(request.url).pathname;
  if (path === '/livez') return Response.json({ status: 'alive' });
  if (path === '/readyz') return Response.json(startingReadiness(migrating), { status: 503, headers: { 'cache-control': 'no-store' } });
  return Response.json({ error: { code: 'starting', message: 'Сервер запускається. Спробуй за мить' } }, { status: 503, headers: { 'retry-after': '1' } });
};
let serve: Fetch = starting;

// While draining, every answer closes its connection, so kept-alive connections end cleanly.
let draining = false;
const base = listenerOptions(config);
const options = {
  ...base,
  headers: (path: string) => {
    const h = base.headers?.(path) ?? [];
    return draining ? [...h, ['connection', 'close'] as const] : h;
  },
};
// Every body is limited while it arrives, every answer carries the security headers.
const { server, port } = await listen((req, env) => serve(req, env), config.PORT, config.HOST, options);

let built: BuiltDeps | null = null;
let stopping = false;
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

built = await buildDeps(config, { processMetrics: true, migrate: { onProgress: (p) => (migrating = p) } });
const { deps } = built;
const log = deps.log!;
const app = createApp(deps, { staticDir: config.STATIC_DIR });

const purge = () => Promise.all([purgeIdempotency(deps), purgeSmsSends(deps)]).catch((e: unknown) => log.error({ err: String(e) }, 'purge failed'));
await purge();
const timer = setInterval(purge, 86_400_000);
timer.unref();

if (!stopping) serve = app.fetch as unknown as Fetch;

// SQLite: SIGUSR2 writes an online copy through this process's connection (the only one that can
// read the file under exclusive locking). PostgreSQL is backed up with pg_dump (scripts/backup.ts).
process.on('SIGUSR2', () => {
  if (deps.dialect !== 'sqlite') return;
  const dest = join(config.BACKUP_DIR, `club-${new Date().toISOString().replace(/[:.]/g, '-')}.db`);
  snapshotSqlite(deps, dest).then(
    () => log.info({ dest }, 'backup written'),
    (e: unknown) => log.error({ err: String(e) }, 'backup failed'),
  );
});
const where = config.DATABASE_URL ? 'PostgreSQL' : `SQLite ${config.SQLITE_PATH}`;
log.info({ port, database: where, env: config.NODE_ENV, instance: deps.instance?.id }, 'ready');
console.log(`[server] http://localhost:${port}  (${where}, ${config.NODE_ENV})`);
// What is real, what is a sandbox (named in SANDBOXES in production), what is off.
for (const line of providerReport(config)) (line.includes('WARNING') ? console.warn : console.log)(line);
startPaymentChecks(deps);
// Referral credits whose orders were paid or handed over by any means (the back office) become XP.
startReferralChecks(deps);

/**
 * Graceful stop (SIGTERM, SIGINT): readiness answers 503 while requests are still taken for
 * SHUTDOWN_DRAIN_MS (the balancer's checks see it and send new requests elsewhere; every answer
 * meanwhile closes its connection); then the port closes and the requests in flight finish,
 * settling their idempotency keys, for at most SHUTDOWN_TIMEOUT_MS; keys still running after
 * that are released and the instance deregistered (another instance runs a retry at once), the
 * database closed, the log flushed.
 */
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (!built) {
    server.close();
    process.exit(0);
  }
  const { deps: d } = built;
  d.log?.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'draining');
  draining = true;
  if (d.lifecycle) d.lifecycle.draining = true;
  await new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_MS));
  const closed = new Promise<void>((r) => server.close(() => r()));
  server.closeIdleConnections();
  const late = new Promise<'late'>((r) => setTimeout(() => r('late'), config.SHUTDOWN_TIMEOUT_MS).unref());
  if ((await Promise.race([closed, late])) === 'late') {
    d.log?.warn({}, 'requests still running at the shutdown timeout: cut');
    server.closeAllConnections();
  }
  const released = await releaseKeysOf(d).catch(() => 0);
  await built.close().catch(() => undefined);
  d.log?.info({ released }, 'stopped');
  await new Promise<void>((r) => (d.log ? d.log.flush(() => r()) : r()));
  process.exit(0);
}
