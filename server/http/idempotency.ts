import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppDeps } from '../context';
import { ApiError, badRequest, conflict, unprocessable } from '../errors';
import { sha256 } from '../security/tokens';

/** Keys are kept this long: members may stay offline for weeks before their outbox replays. */
export const IDEMPOTENCY_RETENTION_DAYS = 35;

/** A 'running' key older than this belongs to a run that died; a retry may take it over. */
const STALE_RUNNING_MS = 120_000;

/** Statuses that say "try again": their answers are not stored, so a retry runs the call anew. */
const TRANSIENT = new Set([408, 409, 425, 429]);

interface Outcome {
  status: ContentfulStatusCode;
  body: string;
  replayed: boolean;
}

/**
 * Runs `execute` at most once per (account, key), after the IETF Idempotency-Key draft:
 * the same key with the same request returns the stored first answer; with another
 * request, 422; while the first is still running, 409.
 */
export async function runIdempotent(
  deps: AppDeps,
  opts: {
    account: string;
    key: string;
    fingerprint: string;
    execute: () => Promise<{ status: ContentfulStatusCode; body: unknown }>;
  },
): Promise<Outcome> {
  const { db, clock } = deps;
  if (opts.key.length < 8 || opts.key.length > 255) {
    throw badRequest('invalid_idempotency_key', 'Idempotency-Key має бути від 8 до 255 символів');
  }
  const fingerprint = sha256(opts.fingerprint);
  const inserted = await db
    .insertInto('idempotency')
    .values({
      account: opts.account,
      key: opts.key,
      fingerprint,
      state: 'running',
      status: 0,
      body: '',
      created_at: clock.now().toISOString(),
    })
    .onConflict((oc) => oc.columns(['account', 'key']).doNothing())
    .executeTakeFirst();

  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    const row = await db
      .selectFrom('idempotency')
      .selectAll()
      .where('account', '=', opts.account)
      .where('key', '=', opts.key)
      .executeTakeFirst();
    if (!row) throw conflict('idempotency_in_progress', 'Запит ще обробляється');
    if (row.fingerprint !== fingerprint) {
      throw unprocessable('idempotency_mismatch', 'Цей ключ ідемпотентності вже використано для іншого запиту');
    }
    if (row.state === 'done') return { status: row.status as ContentfulStatusCode, body: row.body, replayed: true };
    // A run that never settled (its process died) is taken over once it is stale.
    const staleBefore = new Date(clock.now().getTime() - STALE_RUNNING_MS).toISOString();
    if (row.created_at >= staleBefore) throw conflict('idempotency_in_progress', 'Запит ще обробляється');
    const claimed = await db
      .updateTable('idempotency')
      .set({ created_at: clock.now().toISOString() })
      .where('account', '=', opts.account)
      .where('key', '=', opts.key)
      .where('state', '=', 'running')
      .where('created_at', '=', row.created_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw conflict('idempotency_in_progress', 'Запит ще обробляється');
  }

  const settle = async (status: ContentfulStatusCode, body: string) => {
    await db
      .updateTable('idempotency')
      .set({ state: 'done', status, body })
      .where('account', '=', opts.account)
      .where('key', '=', opts.key)
      .execute();
  };
  const release = () =>
    db.deleteFrom('idempotency').where('account', '=', opts.account).where('key', '=', opts.key).execute();

  try {
    const out = await opts.execute();
    const body = JSON.stringify(out.body);
    await settle(out.status, body);
    return { status: out.status, body, replayed: false };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500 && !TRANSIENT.has(err.status)) {
      const body = JSON.stringify({ error: { code: err.code, message: err.message } });
      await settle(err.status, body);
      // Rethrow so headers such as Retry-After are applied by the error handler.
      throw err;
    }
    await release();
    throw err;
  }
}

/** Deletes keys older than the retention period. */
export async function purgeIdempotency(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000).toISOString();
  const r = await deps.db.deleteFrom('idempotency').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}
