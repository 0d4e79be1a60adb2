import type { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppDeps, AppEnv } from '../context';
import type { MigrationProgress } from '../db/migrate';
import { blockingOff } from '../providers/index';

/** What a running server says of itself to its load balancer (server/main.ts flips it). */
export interface Lifecycle {
  /** Set on SIGTERM: readiness answers 503 so the balancer sends no new requests here. */
  draining: boolean;
}

/** The readiness answer's body: every check, so an operator sees which one failed. */
export interface Readiness {
  status: 'ready' | 'not_ready';
  checks: { migrations: 'done' | 'running'; database: 'ok' | 'unreachable'; draining: boolean };
  /** While starting: the migration being applied and its place among those pending. */
  migrating?: MigrationProgress;
  /** What is off and stops members although the instance serves (production with no SMS gateway): named, not failed. */
  off?: string[];
}

/** How long the database may take to answer `select 1` before readiness stops waiting for it. */
const DB_CHECK_MS = 1_000;
/**
 * A `select 1` that only timed out still counts as reachable when one answered within this long:
 * an overloaded instance (its queries queued behind others) is slow, not cut off, and a balancer
 * that took it out would pile its load on the others (the bench saw a lone instance marked down
 * under load, every request then HAProxy's 503). A database that is gone fails, not times out.
 */
const SLOW_NOT_GONE_MS = 10_000;
const lastAnswered = new WeakMap<object, number>();

async function databaseAnswers(deps: AppDeps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DB_CHECK_MS);
  });
  try {
    const r = await Promise.race([sql`select 1`.execute(deps.db).then(() => 'ok' as const), late]);
    if (r === 'ok') {
      lastAnswered.set(deps.db, Date.now());
      return true;
    }
    return Date.now() - (lastAnswered.get(deps.db) ?? 0) < SLOW_NOT_GONE_MS;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const NO_STORE = { 'cache-control': 'no-store' };

/** The running server's readiness checks (the migrations are done once the app exists). */
export async function readiness(deps: AppDeps): Promise<Readiness> {
  const draining = deps.lifecycle?.draining ?? false;
  const database = (await databaseAnswers(deps)) ? 'ok' : 'unreachable';
  const ready = !draining && database === 'ok';
  const off = blockingOff(deps.config);
  return {
    status: ready ? 'ready' : 'not_ready',
    checks: { migrations: 'done', database, draining },
    ...(off.length ? { off } : {}),
  };
}

/**
 * The answer while the database is being migrated (server/main.ts serves it before the app
 * exists), naming the migration being applied once one runs.
 */
export function startingReadiness(progress: MigrationProgress | null): Readiness {
  const body: Readiness = { status: 'not_ready', checks: { migrations: 'running', database: 'ok', draining: false } };
  return progress ? { ...body, migrating: progress } : body;
}

/**
 * `GET /livez`: the process answers (200, nothing checked: a balancer restarts what fails it).
 * `GET /readyz`: 200 only when it may take requests: migrated, not draining, and its database
 * answers; else 503 naming the check that failed. Neither needs the API key; both are cheap.
 */
export function registerHealth(app: Hono<AppEnv>): void {
  app.get('/livez', (c) => c.json({ status: 'alive' }, 200, NO_STORE));
  app.get('/readyz', async (c) => {
    const body = await readiness(c.var.deps);
    return c.json(body, body.status === 'ready' ? 200 : 503, NO_STORE);
  });
  app.get('/metrics', async (c) => {
    const deps = c.var.deps;
    const token = deps.config.METRICS_TOKEN;
    // Production never answers without the token (the configuration requires one; this holds even if it did not).
    if ((token || deps.config.isProduction) && (!token || c.req.header('authorization') !== `Bearer ${token}`)) {
      return c.json({ error: { code: 'unauthenticated', message: 'Потрібен токен метрик' } }, 401);
    }
    if (!deps.metrics) return c.json({ error: { code: 'not_found', message: 'Метрики вимкнено' } }, 404);
    return c.body(await deps.metrics.registry.metrics(), 200, {
      'content-type': deps.metrics.registry.contentType,
      ...NO_STORE,
    });
  });
}
