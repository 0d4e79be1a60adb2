import type { Config } from './config';
import type { AppDeps } from './context';
import { systemClock, type Clock } from './clock';
import { connect, type ConnectOptions, type DbHandle } from './db/connect';
import { migrateToLatest, type MigrateOptions } from './db/migrate';
import { countRevisionsInProcess } from './db/revisions';
import { sandboxSms, type SmsSender } from './sandboxes/sms';
import { OFF_MESSAGES, providersOf } from './providers/index';
import { smsOff, turboSms } from './providers/turbosms';
import { seedIfEmpty } from './seed/index';
import { instanceName, registerInstance } from './instances';
import { takeStartLock } from './db/start-lock';
import { createLogger, type Logger } from './ops/log';
import { readiness } from './ops/health';
import { createMetrics, type Metrics } from './ops/metrics';
import { openRefunds } from './routes/shop/payment-refund';
import { smsSentLastHour } from './security/sms-budget';

export interface BuiltDeps {
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * Connects, migrates and (when asked and empty) seeds, as SEED chooses: everything the app needs
 * to start. Migrations and the seed run under the database's start lock (db/start-lock.ts), so
 * several instances may start at once on one database. `log`: the process's logger (main.ts),
 * else one made here from LOG_LEVEL.
 */
export async function buildDeps(
  config: Config,
  opts: {
    clock?: Clock;
    connect?: ConnectOptions;
    seed?: boolean;
    processMetrics?: boolean;
    log?: Logger;
    migrate?: Pick<MigrateOptions, 'migrations' | 'onProgress'>;
  } = {},
): Promise<BuiltDeps> {
  const name = instanceName(config.INSTANCE_NAME, config.PORT);
  const metrics = createMetrics({ processMetrics: opts.processMetrics });
  const log =
    opts.log ?? createLogger({ level: config.LOG_LEVEL ?? (config.NODE_ENV === 'test' ? 'silent' : 'info'), name });
  const connectOpts: ConnectOptions = {
    sqliteDurable: config.isProduction,
    ...(opts.connect ?? {
      databaseUrl: config.DATABASE_URL,
      poolSize: config.DATABASE_POOL_SIZE,
      sqlitePath: config.SQLITE_PATH,
      sqliteExclusive: config.sqliteExclusive,
    }),
    onPoolWait: (ms: number) => metrics.poolWait.observe(ms / 1000),
    log: (level, fields, msg) => log[level](fields, msg),
  };
  const handle = await connect(connectOpts);
  if (handle.pool) metrics.watchPool(handle.pool);
  metrics.watchRefunds(() => openRefunds(handle.db));
  const release = await takeStartLock(connectOpts, connectOpts.log).catch(async (e: unknown) => {
    await handle.close();
    throw e;
  });
  try {
    return await startUnderLock(config, opts, { handle, connectOpts, name, metrics, log });
  } catch (e) {
    // A refusal (a newer version's migration this one may not run on) closes what it opened.
    await handle.close().catch(() => undefined);
    throw e;
  } finally {
    await release();
  }
}

/** Migrates, registers this instance and seeds: the part of the start that holds the start lock. */
async function startUnderLock(
  config: Config,
  opts: { clock?: Clock; seed?: boolean; migrate?: Pick<MigrateOptions, 'migrations' | 'onProgress'> },
  s: { handle: DbHandle; connectOpts: ConnectOptions; name: string; metrics: Metrics; log: Logger },
): Promise<BuiltDeps> {
  const { handle, metrics, log } = s;
  await migrateToLatest(handle.db as never, {
    ...opts.migrate,
    log,
    schema: handle.dialect === 'postgres' ? s.connectOpts.pgSchema : undefined,
  });
  if (handle.soleConnection) countRevisionsInProcess(handle.db, handle.soleConnection);
  const clock = opts.clock ?? systemClock;
  const instance = await registerInstance(handle.db, clock, s.name);
  const deps: AppDeps = {
    db: handle.db,
    dialect: handle.dialect,
    config,
    clock,
    sms: countedSms(smsSender(config, handle.db, clock), metrics),
    instance,
    metrics,
    log,
    lifecycle: { draining: false },
  };
  metrics.watchSmsBudget(config.SMS_PER_HOUR, () => smsSentLastHour(deps));
  metrics.watchReadiness(async () => (await readiness(deps)).status === 'ready');
  try {
    if (opts.seed ?? true) await seedIfEmpty(deps, config.seed);
  } catch (e) {
    await instance.stop().catch(() => undefined);
    throw e;
  }
  return {
    deps,
    async close() {
      await instance.stop();
      await handle.close();
      await new Promise<void>((r) => log.flush(() => r()));
    },
  };
}

/** The SMS sender, each message sent counted in the metrics. */
function countedSms(sender: SmsSender, metrics: Metrics): SmsSender {
  return {
    ...sender,
    async send(phone, text, code) {
      await sender.send(phone, text, code);
      metrics.sms.inc();
    },
  };
}

/** The SMS sender the configuration chooses (server/providers): TurboSMS, the sandbox outbox, or off. */
function smsSender(config: Config, db: BuiltDeps['deps']['db'], clock: Clock): SmsSender {
  const kind = providersOf(config).sms;
  if (kind === 'turbosms')
    return turboSms({
      token: config.TURBOSMS_TOKEN ?? '',
      sender: config.TURBOSMS_SENDER ?? '',
      origin: config.TURBOSMS_URL,
    });
  if (kind === 'off') return smsOff(OFF_MESSAGES.sms);
  // Named in SANDBOXES in production (staging), it stays a delivery log with every code masked.
  return sandboxSms(db, clock, { keepCodes: !config.isProduction });
}
