import type { Config } from './config';
import type { Db } from './db/connect';
import type { Clock } from './clock';
import type { Revisions } from './db/revisions';
import type { SmsSender } from './sandboxes/sms';
import type { Instance } from './instances';
import type { LimitedIncoming } from './http/node-listener';
import type { Lifecycle } from './ops/health';
import type { Logger } from './ops/log';
import type { Metrics } from './ops/metrics';

/** Everything a route group needs, passed in so tests can build a fresh one per file. */
export interface AppDeps {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  config: Config;
  clock: Clock;
  sms: SmsSender;
  /** This process on the database (idempotency keys it runs are its own); absent in bare unit setups. */
  instance?: Instance;
  /** Prometheus metrics (GET /metrics; server/ops/metrics.ts). */
  metrics?: Metrics;
  /** The JSON logger (server/ops/log.ts). */
  log?: Logger;
  /** Draining on SIGTERM (readiness 503; server/main.ts). */
  lifecycle?: Lifecycle;
}

/** The signed-in member of a request (from the bearer token). */
export interface Member {
  id: number;
  phone: string;
}

/**
 * The app's Hono environment. `deps` is set on every request by the app's first middleware
 * (server/app.ts); `incoming` is the Node request, given by @hono/node-server.
 */
export type AppEnv = {
  Bindings: {
    /** The Node request, when served over HTTP (absent under `app.request`); see http/node-listener.ts. */
    incoming?: LimitedIncoming;
  };
  Variables: {
    deps: AppDeps;
    /** The revisions read for this request, once (server/http/route.ts `requestRevisions`). */
    revisions: Promise<Revisions> | undefined;
  };
};
