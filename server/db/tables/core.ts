import type { Generated } from 'kysely';

/**
 * Core tables: people, their per-variant shop records, tokens, SMS codes,
 * metafields and the idempotency store. Times are ISO-8601 UTC strings and
 * booleans are 0/1 integers, so the same schema runs on SQLite and PostgreSQL.
 */
/** Who a person is, as registration asks it: kept on a member and on a registration waiting for its code. */
export interface PersonColumns {
  /** Digits only, e.g. 380501234567 (docs/rules.md#validation). */
  phone: string;
  first_name: string;
  last_name: string;
  /** Lower-cased as registration writes it. */
  email: string;
  /** YYYY-MM-DD, or null when the person confirmed being an adult without a date. */
  birth_date: string | null;
  adult_confirmed: number;
}

export interface MembersTable extends PersonColumns {
  id: Generated<number>;
  /** The member's invite (member-get-member) code, REW-..., made on first request. */
  mgm_code: string | null;
  /** Who invited this member (their MGM code was given at registration). */
  referred_by: number | null;
  created_at: string;
}

export type Variant = 'glo' | 'ogo' | 'velo';

/** The shop record of docs/rules.md#entities ("User (shop record, per variant)"): one per member and variant. */
export interface CustomersTable {
  id: Generated<number>;
  member_id: number;
  variant: Variant;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** JSON array of strings, e.g. ["age_verified","pwa_user"]. */
  tags: string;
  note: string;
  orders_count: number;
  /** Kopiykas. */
  total_spent: number;
  /** XP points held by this record. */
  xp_balance: number;
  /** Totals of its ledger, moved with the balance (server/xp.ts): XP earned, XP spent, lines. */
  xp_earned: Generated<number>;
  xp_spent: Generated<number>;
  xp_lines: Generated<number>;
  created_at: string;
}

export type TokenScope = 'user' | 'ogo' | 'velo' | 'cert' | 'feedback' | 'analytics' | 'bat' | 'ipost';

export interface SessionsTable {
  /** sha256 of the token, hex. The token itself is never stored. */
  token_hash: string;
  member_id: number;
  scope: TokenScope;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** A service token: sha256 of the `user` token it was issued under (migration 018); null for `user` tokens. */
  parent_hash: string | null;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Messages the SMS sandbox "sent"; readable at /dev/sms-outbox outside production. */
export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  text: string;
  code: string | null;
  created_at: string;
}

export interface MetafieldsTable {
  id: Generated<number>;
  customer_id: number;
  namespace: string;
  key: string;
  value: string;
  type: string;
  updated_at: string;
  /** Bumped by every write; clients write conditionally against it (If-Match, migration 009). */
  revision: Generated<number>;
}

export interface IdempotencyTable {
  /** `m:<memberId>` for signed-in calls, `public` otherwise. */
  account: string;
  key: string;
  fingerprint: string;
  state: 'running' | 'done';
  status: number;
  body: string;
  created_at: string;
  /** The `instances.id` of the process running the key (null: settled, or claimed before migration 009). */
  owner: string | null;
}

/** A server process alive on this database (heartbeat), so its running keys are not taken over. */
export interface InstancesTable {
  /** `<name>@<started_at>`: one per process start. */
  id: string;
  /** Stable across restarts of one process slot (INSTANCE_NAME, else host:port). */
  name: string;
  started_at: string;
  heartbeat_at: string;
}

/** Every change of a customer's XP balance, newest last (docs/rules.md#entities "Bonus history"). */
export interface XpLedgerTable {
  id: Generated<number>;
  customer_id: number;
  /** Positive: earned; negative: spent. */
  amount: number;
  /** Balance right after this change. */
  balance_after: number;
  /** What it was for: 'scan', 'order', 'order_refund', 'certificate', 'quiz', 'referral', 'welcome', 'manual'... */
  reason: string;
  /** Ukrainian line shown in the XP history. */
  title: string;
  /** Id of what caused it (order id, scan code...), for tracing. */
  ref: string | null;
  created_at: string;
}

/** Every analytics call of docs/api.md#analytics, stored; forwarded only when ANALYTICS_FORWARD_URL is set. */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  member_id: number | null;
  /** Which call recorded it: 'bat-event', 'auth-bat', 'esputnik-contact', 'order-info', ... */
  kind: string;
  event: string;
  /** JSON of the whole request body. */
  payload: string;
  created_at: string;
}

/** Counters the database bumps when the data behind a server cache changes (migration 008). */
export interface RevisionsTable {
  name: 'catalogue' | 'sessions';
  value: number;
}

export interface CoreTables {
  analytics_events: AnalyticsEventsTable;
  xp_ledger: XpLedgerTable;
  members: MembersTable;
  customers: CustomersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  metafields: MetafieldsTable;
  idempotency: IdempotencyTable;
  revisions: RevisionsTable;
  instances: InstancesTable;
}
