import { join } from 'node:path';
import { createApp } from './app';
import { loadConfig, type Config } from './config';
import { buildDeps, type BuiltDeps } from './deps';
import { purgeIdempotency, releaseKeysOf } from './http/idempotency';
import { listenerOptions } from './http/listener-options';
import { listen } from './http/node-listener';
import { instanceName } from './instances';
import { snapshotSqlite } from './ops/backup';
import type { MigrationProgress } from './db/migrate';
import { crashWhenAsked } from './ops/faults';
import { createLogger, maskedError } from './ops/log';
import { logProcessAsJson } from './ops/process-log';
import { startingAnswers } from './ops/starting';
import { purgeSmsSends } from './security/sms-budget';
import { providerReport } from './providers/index';
import { startPaymentChecks } from './routes/shop/payment-settle';
import { demoLeftovers } from './seed/index';
import { startReferralChecks } from './routes/shop/referral-credits';

// Every line the process writes is JSON from here on, a crash or a refused configuration included.
const log = createLogger({ level: 'info' });
logProcessAsJson(log);

/** Logs why the process cannot go on, masked, and exits non-zero. */
const fatal =
  (what: string) =>
  (e: unknown): never => {
    log.fatal({ error: maskedError(e) }, what);
    process.exit(1);
  };

const config: Config = (() => {
  try {
    return loadConfig();
  } catch (e) {
    return fatal('configuration refused: not starting')(e);
  }
})();
log.level = config.LOG_LEVEL ?? (config.NODE_ENV === 'test' ? 'silent' : 'info');
log.setBindings({ instance: instanceName(config.INSTANCE_NAME, config.PORT) });

/** Until the database is migrated, the port answers: alive, not ready (server/ops/starting.ts). */
type Fetch = Parameters<typeof listen>[0];
let migrating: MigrationProgress | null = null;
const starting = startingAnswers(log, () => migrating) as Fetch;
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
const { server, port } = await listen((req, env) => serve(req, env), config.PORT, config.HOST, options).catch(
  fatal('cannot listen: not starting'),
);

let built: BuiltDeps | null = null;
let stopping = false;
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

built = await buildDeps(config, { processMetrics: true, log, migrate: { onProgress: (p) => (migrating = p) } }).catch(
  fatal('database start failed: not starting'),
);
const { deps } = built;
const app = createApp(deps, { staticDir: config.STATIC_DIR });

const purge = () =>
  Promise.all([purgeIdempotency(deps), purgeSmsSends(deps)]).catch((e: unknown) =>
    log.error({ error: maskedError(e) }, 'purge failed'),
  );
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
    (e: unknown) => log.error({ error: maskedError(e) }, 'backup failed'),
  );
});
const where = config.DATABASE_URL ? 'PostgreSQL' : `SQLite ${config.SQLITE_PATH}`;
// `instance` (the slot) is on every line already; this start of it is `instanceId`.
log.info(
  {
    port,
    url: `http://localhost:${port}`,
    database: where,
    env: config.NODE_ENV,
    seed: config.seed,
    instanceId: deps.instance?.id,
  },
  'ready',
);
// What is real, what is a sandbox (named in SANDBOXES in production), what is off.
for (const line of providerReport(config)) log[line.level](line.fields ?? {}, line.msg);
if (config.isProduction) await warnOfDemo();
startPaymentChecks(deps);
// Referral credits whose orders were paid or handed over by any means (the back office) become XP.
startReferralChecks(deps);
crashWhenAsked();

/** Production with the demo's claimable rows: seeded on purpose (staging), or left from before SEED existed. */
async function warnOfDemo(): Promise<void> {
  if (config.seed === 'demo') {
    log.warn(
      { seed: 'demo' },
      'SEED=demo in production: demo members, orders, XP, scan codes and device serials, all in the public source: for staging only',
    );
    return;
  }
  const left = await demoLeftovers(deps).catch(() => null);
  if (left && (left.scanCodes || left.deviceSerials)) {
    log.error(
      { ...left },
      'demo scan codes or device serials in a production database: anyone can claim their XP from the public source; delete them (scan_codes batch demo-*, device_registry source demo)',
    );
  }
}

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
