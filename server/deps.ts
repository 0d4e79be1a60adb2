import type { Config } from './config';
import type { AppDeps } from './context';
import { systemClock, type Clock } from './clock';
import { connect, type ConnectOptions } from './db/connect';
import { migrateToLatest, type MigrateOptions } from './db/migrate';
import { countRevisionsInProcess } from './db/revisions';
import { sandboxSms, type SmsSender } from './sandboxes/sms';
import { OFF_MESSAGES, providersOf } from './providers/index';
import { smsOff, turboSms } from './providers/turbosms';
import { seedIfEmpty } from './seed/index';
import { instanceName, registerInstance } from './instances';
import { createLogger } from './ops/log';
import { createMetrics, type Metrics } from './ops/metrics';
import { openRefunds } from './routes/shop/payment-refund';

export interface BuiltDeps {
  deps: AppDeps;
  close(): Promise<void>;
}

/** Connects, migrates and (when asked and empty) seeds: everything the app needs to start. */
export async function buildDeps(
  config: Config,
  opts: { clock?: Clock; connect?: ConnectOptions; seed?: boolean; processMetrics?: boolean; migrate?: Pick<MigrateOptions, 'migrations' | 'onProgress'> } = {},
): Promise<BuiltDeps> {
  const name = instanceName(config.INSTANCE_NAME, config.PORT);
  const metrics = createMetrics({ processMetrics: opts.processMetrics });
  const log = createLogger({ level: config.LOG_LEVEL ?? (config.NODE_ENV === 'test' ? 'silent' : 'info'), name });
  const connectOpts = {
    ...(opts.connect ?? { databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, sqlitePath: config.SQLITE_PATH, sqliteExclusive: config.sqliteExclusive }),
    onPoolWait: (ms: number) => metrics.poolWait.observe(ms / 1000),
  };
  const handle = await connect(connectOpts);
  if (handle.pool) metrics.watchPool(handle.pool);
  metrics.watchRefunds(() => openRefunds(handle.db));
  // A refusal (a newer version's migration this one may not run on) closes what it opened.
  await migrateToLatest(handle.db as never, { ...opts.migrate, log, schema: handle.dialect === 'postgres' ? connectOpts.pgSchema : undefined }).catch(
    async (e: unknown) => {
      await handle.close();
      throw e;
    },
  );
  if (handle.soleConnection) countRevisionsInProcess(handle.db, handle.soleConnection);
  const clock = opts.clock ?? systemClock;
  const instance = await registerInstance(handle.db, clock, name);
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
  if (opts.seed ?? config.SEED) await seedIfEmpty(deps);
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
  if (kind === 'turbosms') return turboSms({ token: config.TURBOSMS_TOKEN ?? '', sender: config.TURBOSMS_SENDER ?? '', origin: config.TURBOSMS_URL });
  if (kind === 'off') return smsOff(OFF_MESSAGES.sms);
  // Named in SANDBOXES in production (staging), it stays a delivery log with every code masked.
  return sandboxSms(db, clock, { keepCodes: !config.isProduction });
}
