import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the pool of PostgreSQL connections says about itself (pg.Pool's counts). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** What the product pictures' renders and memory hold now (server/routes/shop/media.ts). */
export interface PictureCounts {
  inFlight: number;
  waiting: number;
  /** The most renders in flight at once since the start: the bound holding. */
  peak: number;
  cachedBytes: number;
}

/**
 * The server's Prometheus metrics (`GET /metrics`), one registry per server (tests build many).
 * Labels are bounded: a route is a mounted path or one of a few kinds (see routeLabel), never a
 * raw path; nothing carries a phone, a token or a code.
 */
export interface Metrics {
  registry: Registry;
  /** Requests by route, method and status. */
  requests: Counter<'route' | 'method' | 'status'>;
  /** Time from the request's dispatch to its answer (headers), by route and method. */
  duration: Histogram<'route' | 'method'>;
  /**
   * Calls with an Idempotency-Key (every send of the app's outbox) by outcome: `new` (run now),
   * `replayed` (the stored first answer sent again), `in_progress` (409), `taken_over` (a run
   * whose instance died, run again), `mismatch` (422).
   */
  keyed: Counter<'outcome'>;
  /** SMS handed to the gateway (or the sandbox). */
  sms: Counter;
  /** SMS codes refused by the limits (security/sms-budget.ts): `client` (one address's), `global` (SMS_PER_HOUR). */
  smsRefused: Counter<'limit'>;
  /**
   * Set once (server/deps.ts): SMS_PER_HOUR, and how to count the codes sent in the last hour
   * against it (all instances: from the database), read at each scrape.
   */
  watchSmsBudget(perHour: number, readUsed: () => Promise<number>): void;
  /** Set once (server/deps.ts): whether this instance is ready (what /readyz answers), read at each scrape. */
  watchReadiness(read: () => Promise<boolean>): void;
  /** Payment results applied (callbacks, status checks) by outcome: paid, failed, pending, refund_due, test_payment. */
  payments: Counter<'outcome'>;
  /** Refund tries of second payments by outcome: refunded, failed (tried again later). */
  refunds: Counter<'outcome'>;
  /** Set once (server/deps.ts): the attempts whose money is still to go back, by status, read at each scrape. */
  watchRefunds(read: () => Promise<Record<string, number>>): void;
  /** PostgreSQL: time a query waited for a free pooled connection. */
  poolWait: Histogram;
  /** Set once the pool exists (PostgreSQL): its counts are read at each scrape. */
  watchPool(pool: PoolCounts): void;
  /** Product pictures: `made` (rendered), `refused` (503, the render queue full or its wait over). */
  pictureRenders: Counter<'outcome'>;
  /** Set by the picture route: its counts are read at each scrape. */
  watchPictures(counts: PictureCounts): void;
}

/** Builds the registry; `processMetrics` adds Node's own (CPU, memory, event loop lag, GC), once per process. */
export function createMetrics(opts: { processMetrics?: boolean; instance?: string } = {}): Metrics {
  const registry = new Registry();
  if (opts.instance) registry.setDefaultLabels({ instance_name: opts.instance });
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });
  let pool: PoolCounts | null = null;
  let pictures: PictureCounts | null = null;
  const poolGauge = (name: string, help: string, read: (p: PoolCounts) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        if (pool) this.set(read(pool));
      },
    });
  poolGauge('club_db_pool_connections', 'PostgreSQL connections open in this process', (p) => p.totalCount);
  poolGauge('club_db_pool_idle', 'PostgreSQL connections open and idle', (p) => p.idleCount);
  poolGauge('club_db_pool_waiting', 'Queries waiting now for a pooled PostgreSQL connection', (p) => p.waitingCount);
  let readRefunds: (() => Promise<Record<string, number>>) | null = null;
  new Gauge({
    name: 'club_payment_refunds_open',
    help: 'Second payments whose money is still to go back, by status (refund_due, refunding, refund_failed)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      if (!readRefunds) return;
      // A database that does not answer leaves the last counts: /metrics itself must still answer
      // during an outage, when it matters most.
      const counts = await readRefunds().catch(() => null);
      for (const [status, n] of Object.entries(counts ?? {})) this.set({ status }, n);
    },
  });
  const pictureGauge = (name: string, help: string, read: (p: PictureCounts) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        if (pictures) this.set(read(pictures));
      },
    });
  pictureGauge('club_picture_renders_in_flight', 'Product pictures being made now', (p) => p.inFlight);
  pictureGauge('club_picture_renders_waiting', 'Product picture requests waiting for a render slot', (p) => p.waiting);
  pictureGauge('club_picture_renders_peak', 'The most product pictures made at once since the start', (p) => p.peak);
  pictureGauge('club_picture_cache_bytes', 'Bytes of made product pictures kept in memory', (p) => p.cachedBytes);
  // Read from the database at each scrape: while it is away the last value stays and the scrape
  // still answers (club_ready says the instance is not ready: how an outage is seen).
  let readSmsUsed: (() => Promise<number>) | null = null;
  new Gauge({
    name: 'club_sms_budget_used',
    help: 'SMS codes sent in the last hour by all instances, counted against SMS_PER_HOUR',
    registers: [registry],
    async collect() {
      if (!readSmsUsed) return;
      try {
        this.set(await readSmsUsed());
      } catch {
        // The database is away: the last value stays.
      }
    },
  });
  let readReady: (() => Promise<boolean>) | null = null;
  new Gauge({
    name: 'club_ready',
    help: 'Whether this instance takes requests (1) or its /readyz answers 503 (0: draining, or its database unreachable)',
    registers: [registry],
    async collect() {
      if (readReady) this.set((await readReady()) ? 1 : 0);
    },
  });
  const smsBudget = new Gauge({
    name: 'club_sms_budget_per_hour',
    help: 'SMS codes the server sends in an hour at most (SMS_PER_HOUR)',
    registers: [registry],
  });
  return {
    registry,
    requests: new Counter({
      name: 'club_http_requests_total',
      help: 'HTTP requests by route, method and status',
      labelNames: ['route', 'method', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'club_http_request_duration_seconds',
      help: 'Time to answer a request, by route and method',
      labelNames: ['route', 'method'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    keyed: new Counter({
      name: 'club_idempotency_requests_total',
      help: 'Calls with an Idempotency-Key (outbox sends) by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    sms: new Counter({ name: 'club_sms_sent_total', help: 'SMS handed to the gateway', registers: [registry] }),
    smsRefused: new Counter({
      name: 'club_sms_refused_total',
      help: 'SMS codes refused by the per-client or the hourly limit',
      labelNames: ['limit'],
      registers: [registry],
    }),
    watchSmsBudget(perHour, readUsed) {
      smsBudget.set(perHour);
      readSmsUsed = readUsed;
    },
    watchReadiness(read) {
      readReady = read;
    },
    payments: new Counter({
      name: 'club_payment_callbacks_total',
      help: 'Payment callbacks by the order outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    refunds: new Counter({
      name: 'club_payment_refunds_total',
      help: 'Refund tries of second payments by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    watchRefunds(read) {
      readRefunds = read;
    },
    poolWait: new Histogram({
      name: 'club_db_pool_wait_seconds',
      help: 'Time a query waited for a pooled PostgreSQL connection',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [registry],
    }),
    watchPool(p) {
      pool = p;
    },
    pictureRenders: new Counter({
      name: 'club_picture_renders_total',
      help: 'Product pictures made, or refused with 503',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    watchPictures(p) {
      pictures = p;
    },
  };
}
