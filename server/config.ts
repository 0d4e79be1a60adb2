import * as z from 'zod';
import { parseTrustedProxies, type TrustedProxies } from './security/trusted-proxies';

const booleanish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Every setting the server reads, with its default. Read once at start-up. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** postgres://... selects PostgreSQL; otherwise SQLite at SQLITE_PATH. */
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL: connections this process keeps open at most. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SQLITE_PATH: z.string().default('./data/club.db'),
  /**
   * `exclusive`: this process alone opens the SQLite file while it runs (faster statements, no
   * -shm file; the sqlite3 shell or a second server cannot open it meanwhile). Default: exclusive
   * in production, normal otherwise. See server/README.md.
   */
  SQLITE_LOCKING: z.enum(['exclusive', 'normal']).optional(),
  /** Value the app must send in the `x-api-key` header. */
  API_KEY: z.string().min(1).default('dev-public-key'),
  /** The fixed allow-list of two test phones (docs/rules.md#roles: digits, comma separated). */
  TEST_PHONES: z.string().default('380500000001,380500000002'),
  /**
   * Public origin of this server (e.g. https://club.example), used in payment callbacks and links;
   * required in production, where a link must never follow the request's Host header.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** Host on which the app runs as the second (ogo) variant; the variant switch is hidden there. */
  OGO_HOST: z.string().default(''),
  /** Version string answered by get-version; a change makes the app clear caches and reload. */
  APP_VERSION: z.string().default('1.0.0'),
  /** Directory of the built app to serve. */
  STATIC_DIR: z.string().default('./dist'),
  /**
   * What an empty database is seeded with: `demo` (the reference data and the demo members with
   * their orders, XP, scan codes and device serials: the default outside production), `reference`
   * (the club's non-personal reference data only: production's default) or `none`. `true`/`false`
   * are kept: the environment's default, or none. server/seed/index.ts.
   */
  SEED: z.enum(['demo', 'reference', 'none', '1', '0', 'true', 'false', 'yes', 'no']).optional(),
  LIQPAY_PUBLIC_KEY: z.string().optional(),
  LIQPAY_PRIVATE_KEY: z.string().optional(),
  /** LiqPay's API endpoint for server requests (the payment status check; a local fake in tests). */
  LIQPAY_API_URL: z.string().url().default('https://www.liqpay.ua/api/request'),
  NOVA_POSHTA_API_KEY: z.string().optional(),
  ANALYTICS_FORWARD_URL: z.string().url().optional(),
  VELO_PROMO_CODE: z.string().default('VELO-20%'),
  FREE_SHIPPING_GLO: z.coerce.number().nonnegative().default(399),
  FREE_SHIPPING_OGO: z.coerce.number().nonnegative().default(120),
  /** Outside production the server checks its own answers against the contract. */
  CHECK_RESPONSES: booleanish.optional(),
  /**
   * This process's slot, stable across its restarts (default `<host>:<PORT>`): a restarted
   * process takes over the idempotency keys its crashed predecessor left running, at once.
   */
  INSTANCE_NAME: z.string().optional(),
  /**
   * Largest request body, in bytes, of every call but the photo uploads (which have their own
   * limits, server/http/body-limit.ts). Checked while the body arrives: past it, 413.
   */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /** SMS codes (login, registration, e-mail change) one client address may make send in an hour ... */
  SMS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** ... and in 24 hours. */
  SMS_PER_CLIENT_PER_DAY: z.coerce.number().int().min(1).default(100),
  /** SMS codes the whole server sends in an hour, whoever asks: the budget against SMS pumping. */
  SMS_PER_HOUR: z.coerce.number().int().min(1).default(1000),
  /**
   * The reverse proxies in front of the server (comma-separated addresses or CIDR blocks, IPv4
   * and IPv6): only a request whose connection comes from one of them has its X-Forwarded-For
   * (the client address of the per-client limits) and X-Forwarded-Proto (HSTS) believed.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .superRefine((v, ctx) => {
      try {
        parseTrustedProxies(v);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
      }
    }),
  /**
   * Replaced by TRUSTED_PROXIES: a hop count believed X-Forwarded-For from anyone, so a client
   * that reached an instance directly chose its own address. Refused rather than ignored, which
   * would count every client behind the balancer as the balancer.
   */
  TRUST_PROXY_HOPS: z
    .enum(['', '0'], {
      error:
        "replaced by TRUSTED_PROXIES (the proxies' addresses, e.g. 10.0.0.0/8): a hop count believed any client that reached an instance directly",
    })
    .optional(),
  /**
   * Sandboxes allowed to run in production (comma separated: liqpay, sms, test-login, age-check),
   * for a staging deployment only; the server logs each at start. Outside production every
   * provider without real keys runs its sandbox anyway.
   */
  SANDBOXES: z.string().default(''),
  /** TurboSMS (https://turbosms.ua) API token: with it (and a sender name) codes go out by real SMS. */
  TURBOSMS_TOKEN: z.string().optional(),
  /** The sender name registered at TurboSMS (the alpha name the recipient sees). */
  TURBOSMS_SENDER: z.string().optional(),
  /** TurboSMS API origin (a local fake in tests). */
  TURBOSMS_URL: z.string().url().default('https://api.turbosms.ua'),
  /** Call-back requests (send-phone-call) one member may make per Kyiv calendar day. */
  CALL_BACKS_PER_DAY: z.coerce.number().int().min(1).max(100).default(5),
  /** Look-ups without sign-in (login-sms «registered», check-email «free») one client address may make per hour. */
  LOOKUPS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** ... and in 24 hours. */
  LOOKUPS_PER_CLIENT_PER_DAY: z.coerce.number().int().min(1).default(300),
  /** Minutes after which a card payment still open is asked about at LiqPay (its status request). */
  PAYMENT_CHECK_AFTER_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** HTTPS reached through a proxy that sets X-Forwarded-Proto: https; then answers carry HSTS. */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).default(31_536_000),
  /** Devices one member may register per Kyiv calendar day (the registration bonus is not a faucet). */
  DEVICE_REGISTRATIONS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(3),
  /** Operations (server/README.md "Operations"): pino's level; default `info`, `silent` under NODE_ENV=test. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** GET /metrics wants `Authorization: Bearer <it>`; required in production. */
  METRICS_TOKEN: z.string().min(1).optional(),
  /** On SIGTERM: how long readiness says 503 while requests are still taken (the balancer's checks notice) ... */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /** ... then how long requests in flight may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** SQLite: where SIGUSR2 makes the server write an online copy of its database (server/ops/backup.ts). */
  BACKUP_DIR: z.string().default('./data/backups'),
  /**
   * The member's return from LiqPay (/payments/liqpay/return, no sign-in) asks LiqPay for an open
   * payment's status at most once in this many seconds per payment, across instances.
   */
  PAYMENT_RETURN_CHECK_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  /** Product pictures made at once, at most (server/routes/shop/media.ts); default: the CPU count less one, at least 1. */
  PICTURE_RENDERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Product picture requests that may wait for a render; past it (or past a 20 s wait) 503 with Retry-After. */
  PICTURE_QUEUE: z.coerce.number().int().min(0).max(100_000).default(512),
  /** Memory for made product pictures, MB; the least recently asked for are dropped past it. */
  PICTURE_CACHE_MB: z.coerce.number().min(1).max(4096).default(32),
});

/** What an empty database is seeded with (server/seed/index.ts). */
export type SeedChoice = 'demo' | 'reference' | 'none';

/**
 * Settings production cannot do without, each with why: a payment link made from the request's
 * Host header sends a member to whatever host an attacker names, and open metrics tell anyone the
 * shop's order counts and payment outcomes.
 */
const REQUIRED_IN_PRODUCTION = {
  PUBLIC_URL: 'the public origin of payment and login links (e.g. https://club.example)',
  METRICS_TOKEN: 'the bearer token GET /metrics wants',
} as const;

export type Config = Omit<z.infer<typeof configSchema>, 'SEED'> & {
  seed: SeedChoice;
  testPhones: readonly string[];
  checkResponses: boolean;
  isProduction: boolean;
  sqliteExclusive: boolean;
  /** Sandboxes named in SANDBOXES (server/providers/index.ts). */
  sandboxes: ReadonlySet<string>;
  /** TRUSTED_PROXIES, parsed (server/security/trusted-proxies.ts). */
  trustedProxies: TrustedProxies;
};

/** Parses the environment; names every bad variable in one error. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  if (env.NODE_ENV === 'production') {
    for (const [name, why] of Object.entries(REQUIRED_IN_PRODUCTION))
      if (!env[name]) lines.push(`  ${name}: required in production (${why})`);
  }
  if (!parsed.success || lines.length) throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  const { SEED, ...c } = parsed.data;
  const isProduction = c.NODE_ENV === 'production';
  return {
    ...c,
    seed: seedChoice(SEED, isProduction),
    testPhones: c.TEST_PHONES.split(',')
      .map((p) => p.replace(/\D/g, ''))
      .filter(Boolean),
    checkResponses: c.CHECK_RESPONSES ?? !isProduction,
    isProduction,
    sqliteExclusive: (c.SQLITE_LOCKING ?? (isProduction ? 'exclusive' : 'normal')) === 'exclusive',
    sandboxes: new Set(
      c.SANDBOXES.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    trustedProxies: parseTrustedProxies(c.TRUSTED_PROXIES),
  };
}

/** SEED as given, or the environment's default: the demo outside production, reference data in it. */
function seedChoice(given: string | undefined, isProduction: boolean): SeedChoice {
  if (given === 'demo' || given === 'reference' || given === 'none') return given;
  if (given === '0' || given === 'false' || given === 'no') return 'none';
  return isProduction ? 'reference' : 'demo';
}
