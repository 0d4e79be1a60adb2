import type { Transaction } from 'kysely';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps } from '../context';
import type { Db } from '../db/connect';
import { ownsDatabase } from '../db/revisions';
import type { Database } from '../db/schema';
import { ApiError, badRequest, conflict, unprocessable } from '../errors';
import { sha256 } from '../security/tokens';
import { jsonTextOf } from './json-text';
import { HEARTBEAT_MS, instanceLease } from '../instances';
import { afterClaim } from '../ops/faults';
import { releaseWhenBack } from './unreleased-keys';
import { isDatabaseUnavailable } from '../db/unavailable';

/** Keys are kept this long: members may stay offline for weeks before their outbox replays. */
export const IDEMPOTENCY_RETENTION_DAYS = 35;

/** A 'running' key with no owner recorded and older than this belongs to a run that died; a retry may take it over. */
const STALE_RUNNING_MS = 120_000;

/** Statuses that say "try again": their answers are not stored, so a retry runs the call anew. */
const TRANSIENT = new Set([408, 409, 425, 429]);

interface Outcome {
  status: ContentfulStatusCode;
  body: string;
  replayed: boolean;
}

/**
 * Given to the handler of a call made with an Idempotency-Key. A handler that writes in one
 * transaction stores its answer in that same transaction, so the call's writes and the stored
 * answer commit together or not at all (and it costs no commit of its own): there is no moment at
 * which the writes are kept but the key still says "running", which a retry would take over.
 */
export interface IdempotentRun {
  /**
   * Stores `answer` (status 200) as this key's answer inside `trx`, the transaction of the call's
   * own writes, and gives back its JSON text. Call it last in the transaction, then return the
   * same answer. Throws 409 (rolling the transaction back) when the key is no longer this run's:
   * another run that took over a stale key has already answered it.
   */
  settleIn(trx: Transaction<Database>, answer: unknown): Promise<string>;
}

type KeyRow = { account: string; key: string; fingerprint: string; created_at: string };

/** Claims a key as running; false when it was there already. */
async function claimKey(db: Db, row: KeyRow & { owner: string | null }): Promise<boolean> {
  const r = await db
    .insertInto('idempotency')
    .values({ ...row, state: 'running', status: 0, body: '' })
    .onConflict((oc) => oc.columns(['account', 'key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}
const findKey = (db: Db, account: string, key: string) =>
  db.selectFrom('idempotency').selectAll().where('account', '=', account).where('key', '=', key).executeTakeFirst();
/** Only a running key is settled or released: an answer once stored is never replaced or dropped. */
async function settleKey(db: Db, account: string, key: string, status: number, body: string): Promise<boolean> {
  const r = await db
    .updateTable('idempotency')
    .set({ state: 'done', status, body })
    .where('account', '=', account)
    .where('key', '=', key)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
const releaseKey = (db: Db, account: string, key: string) =>
  db
    .deleteFrom('idempotency')
    .where('account', '=', account)
    .where('key', '=', key)
    .where('state', '=', 'running')
    .execute();
/** A key's answer stored at once, with no 'running' step (see runInOneTransaction); false when the key was there already. */
async function storeAnswer(db: Db, row: KeyRow & { status: number; body: string }): Promise<boolean> {
  const r = await db
    .insertInto('idempotency')
    .values({ ...row, state: 'done' })
    .onConflict((oc) => oc.columns(['account', 'key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Keys whose first request is running in this process, per database (see runInOneTransaction). */
const runningHere = new WeakMap<Db, Set<string>>();

/**
 * 409 "still running", with Retry-After: when the run's owner would count as gone if it has died
 * (its lease, server/instances.ts), or a heartbeat's time when the run is alive and well or its
 * end is not known. The app's outbox waits that long, not its growing backoff (src/sync/engine/classify.ts).
 */
const inProgress = (retryAfterMs = HEARTBEAT_MS) => {
  const err = conflict('idempotency_in_progress', 'Запит ще обробляється');
  err.headers['Retry-After'] = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  return err;
};
const isStoredError = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status < 500 && !TRANSIENT.has(err.status);
const errorBody = (err: ApiError) => JSON.stringify({ error: { code: err.code, message: err.message } });

/**
 * How long until the run holding a 'running' key may be taken as dead, in ms (0: it is). Its
 * owner process is gone when it deregistered, was replaced by a restart of its slot, or has not
 * been heard from (server/instances.ts); this process's own keys are running here now (a
 * heartbeat's time: they end when they end). A key claimed with no owner recorded goes stale
 * after STALE_RUNNING_MS.
 */
async function untilRunDied(deps: AppDeps, row: { owner: string | null; created_at: string }): Promise<number> {
  if (row.owner !== null) {
    if (row.owner === deps.instance?.id) return HEARTBEAT_MS;
    return instanceLease(deps.db, deps.clock, row.owner);
  }
  return Math.max(0, Date.parse(row.created_at) + STALE_RUNNING_MS - deps.clock.now().getTime());
}

/**
 * Runs `execute` at most once per (account, key), after the IETF Idempotency-Key draft:
 * the same key with the same request returns the stored first answer; with another
 * request, 422; while the first is still running, 409.
 *
 * Usually the key is claimed ('running') in a commit of its own before the call runs, so a
 * duplicate arriving meanwhile, on any instance, sees it and gets 409; the answer is then stored
 * in the handler's transaction when it has one (`IdempotentRun.settleIn`), otherwise right after
 * it. A call whose handler stores its answer in its transaction (`inTransaction`) on a database
 * only this process uses saves that claim too: see runInOneTransaction.
 */
export async function runIdempotent(
  deps: AppDeps,
  opts: {
    account: string;
    key: string;
    fingerprint: string;
    execute: (run: IdempotentRun) => Promise<{ status: ContentfulStatusCode; body: unknown }>;
    /** The handler calls `settleIn` in the transaction of its writes whenever it succeeds. */
    inTransaction?: boolean;
  },
): Promise<Outcome> {
  const { db, clock } = deps;
  const { account, key } = opts;
  if (key.length < 8 || key.length > 255) {
    throw badRequest('invalid_idempotency_key', 'Idempotency-Key має бути від 8 до 255 символів');
  }
  const fingerprint = sha256(opts.fingerprint);
  const count = (outcome: 'new' | 'replayed' | 'in_progress' | 'taken_over' | 'mismatch') =>
    deps.metrics?.keyed.inc({ outcome });
  if (opts.inTransaction && ownsDatabase(db)) {
    const settledBefore = await findKey(db, account, key);
    // A key left 'running' (by a claim of a run that died) goes the usual way, which takes it over.
    if (!settledBefore || settledBefore.state === 'done') {
      return runInOneTransaction(
        db,
        { account, key, fingerprint, createdAt: clock.now().toISOString(), execute: opts.execute, count },
        settledBefore,
      );
    }
  }
  const owner = deps.instance?.id ?? null;
  const claimed = await claimKey(db, { account, key, fingerprint, created_at: clock.now().toISOString(), owner });

  if (!claimed) {
    const row = await findKey(db, account, key);
    if (!row) {
      count('in_progress');
      throw inProgress();
    }
    if (row.fingerprint !== fingerprint) {
      count('mismatch');
      throw unprocessable('idempotency_mismatch', 'Цей ключ ідемпотентності вже використано для іншого запиту');
    }
    if (row.state === 'done') {
      count('replayed');
      return { status: row.status as ContentfulStatusCode, body: row.body, replayed: true };
    }
    // A run that never settled because its process died is taken over: at once when that process
    // is known to be gone, else once it is stale.
    const wait = await untilRunDied(deps, row);
    if (wait > 0) {
      count('in_progress');
      throw inProgress(Math.min(wait, HEARTBEAT_MS * 3));
    }
    const claimed = await db
      .updateTable('idempotency')
      .set({ created_at: clock.now().toISOString(), owner })
      .where('account', '=', account)
      .where('key', '=', key)
      .where('state', '=', 'running')
      .where('created_at', '=', row.created_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      count('in_progress');
      throw inProgress();
    }
    count('taken_over');
  } else count('new');
  afterClaim();

  let settledText: string | null = null;
  const run: IdempotentRun = {
    async settleIn(trx, answer) {
      const text = jsonTextOf(answer);
      if (!(await settleKey(trx, account, key, 200, text))) throw inProgress();
      settledText = text;
      return text;
    },
  };

  try {
    const out = await opts.execute(run);
    // Settled in the handler's transaction, which has committed since the handler returned.
    if (settledText !== null) return { status: 200, body: settledText, replayed: false };
    const body = jsonTextOf(out.body);
    await settleKey(db, account, key, out.status, body);
    return { status: out.status, body, replayed: false };
  } catch (err) {
    // A refusal is stored; any other failure frees the key for a retry. When the database is away
    // neither can be written: the key is then released once it is back (http/unreleased-keys.ts).
    const end = isStoredError(err)
      ? settleKey(db, account, key, err.status, errorBody(err))
      : releaseKey(db, account, key);
    await end.catch((e: unknown) => {
      if (owner !== null && isDatabaseUnavailable(e)) releaseWhenBack(db, { account, key, owner });
      throw e;
    });
    // Rethrow so headers such as Retry-After are applied by the error handler.
    throw err;
  }
}

/**
 * The key's answer written in the same transaction as the call's own writes, with no claim
 * commit before: for a handler that settles in its transaction, on a database this process alone
 * uses (SQLite with exclusive locking, or in memory; server/db/revisions.ts). "Still running"
 * is then known exactly from this process's memory, since no other process can run a request on
 * that database: a duplicate gets 409 while the first runs. If the process dies mid-call, its
 * transaction, answer included, is rolled back with it, so a retry runs the call anew: nothing is
 * left 'running' to wait out. An ordinary refusal (a permanent 4xx) is stored after it, as usual.
 */
async function runInOneTransaction(
  db: Db,
  k: {
    account: string;
    key: string;
    fingerprint: string;
    createdAt: string;
    execute: (run: IdempotentRun) => Promise<{ status: ContentfulStatusCode; body: unknown }>;
    count: (outcome: 'new' | 'replayed' | 'in_progress' | 'mismatch') => void;
  },
  stored: { fingerprint: string; status: number; body: string } | undefined,
): Promise<Outcome> {
  if (stored) {
    if (stored.fingerprint !== k.fingerprint) {
      k.count('mismatch');
      throw unprocessable('idempotency_mismatch', 'Цей ключ ідемпотентності вже використано для іншого запиту');
    }
    k.count('replayed');
    return { status: stored.status as ContentfulStatusCode, body: stored.body, replayed: true };
  }
  let running = runningHere.get(db);
  if (!running) runningHere.set(db, (running = new Set()));
  const id = `${k.account}\n${k.key}`;
  if (running.has(id)) {
    k.count('in_progress');
    throw inProgress();
  }
  k.count('new');
  running.add(id);
  const store = (target: Parameters<typeof storeAnswer>[0], status: number, body: string) =>
    storeAnswer(target, {
      account: k.account,
      key: k.key,
      fingerprint: k.fingerprint,
      created_at: k.createdAt,
      status,
      body,
    });
  let settledText: string | null = null;
  const run: IdempotentRun = {
    async settleIn(trx, answer) {
      const text = jsonTextOf(answer);
      // The key was answered meanwhile (by a duplicate that looked before it was running here):
      // refuse, so that this run's writes are rolled back with its transaction.
      if (!(await store(trx, 200, text))) throw inProgress();
      settledText = text;
      return text;
    },
  };
  try {
    const out = await k.execute(run);
    if (settledText !== null) return { status: 200, body: settledText, replayed: false };
    const body = jsonTextOf(out.body);
    await store(db, out.status, body);
    return { status: out.status, body, replayed: false };
  } catch (err) {
    if (isStoredError(err)) await store(db, err.status, errorBody(err));
    throw err;
  } finally {
    running.delete(id);
  }
}

/** Deletes keys older than the retention period. */
export async function purgeIdempotency(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000).toISOString();
  const r = await deps.db.deleteFrom('idempotency').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Releases the keys this process still holds 'running' (a graceful stop whose requests did not
 * finish in time): their transactions end with the process, so a retry may run them anew, at once.
 */
export async function releaseKeysOf(deps: AppDeps): Promise<number> {
  const id = deps.instance?.id;
  if (!id) return 0;
  const r = await deps.db
    .deleteFrom('idempotency')
    .where('owner', '=', id)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
