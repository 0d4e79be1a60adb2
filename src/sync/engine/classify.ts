import { ApiCallError, FAILURE_MESSAGES } from '../../api/errors';
import type { OutboxEntry, OutboxError } from '../../db/rows-sync';
import { isQuotaError, QUOTA_MESSAGE } from '../../db/storage';
import type { AnyMutationKind } from './registry';

/** What the replayer does with an entry whose attempt threw. */
export type Outcome =
  /**
   * Try again later (backoff, Retry-After) and stop this pass: order must hold. `keyHeld`: the
   * server is still running this key's first request and said when to look again (its Retry-After
   * is the time left on the lease of the instance running it): wait that, not the growing backoff,
   * so a queue held by an instance that died moves on within seconds of its death.
   */
  | { action: 'retry'; error: OutboxError; retryAfterMs: number | null; keyHeld?: boolean }
  /** Refused for good: mark failed, undo, go on with the next entry. */
  | { action: 'fail'; error: OutboxError }
  /** Refused without being applied because a token in the request died: new key, rebuilt request. */
  | { action: 'refresh'; error: OutboxError };

/** Ukrainian reasons the server does not give itself. */
export const OUTBOX_MESSAGES = {
  signInAgain: 'Потрібно увійти знову, щоб надіслати зміни',
  unknownKind: 'Ця зміна не підтримується цією версією застосунку',
  unexpected: 'Не вдалося підготувати зміну до надсилання',
} as const;

/** The server's code for "the first request with this Idempotency-Key is still running". */
export const KEY_IN_PROGRESS = 'idempotency_in_progress';

/**
 * The server's code for a wrong app key: the deployment changed API_KEY and this page still has
 * the old one until it takes the new version (src/domain/club/club-config.ts). Not the change's fault.
 */
export const WRONG_APP_KEY = 'invalid_api_key';

/**
 * Transient for the outbox (docs/architecture.md#outbox): network, 408, 425, 429, any 5xx, and a 409 only
 * when the key is still running. Any other 409 is a real conflict (a code already scanned, a
 * second feedback on an order) that no retry can fix, so it fails instead of blocking the queue.
 */
export function isTransientStatus(status: number, code?: string): boolean {
  if (status === 409) return code === undefined || code === KEY_IN_PROGRESS;
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/** Why the device itself could not store a result (full disk, a bug): the entries wait and retry. */
export function localFailure(e: unknown, now: number): OutboxError {
  if (isQuotaError(e)) return { status: 0, code: 'quota', message: QUOTA_MESSAGE, at: now };
  return {
    status: 0,
    code: 'unexpected',
    message: `${OUTBOX_MESSAGES.unexpected}${e instanceof Error ? `: ${e.message}` : ''}`,
    at: now,
  };
}

/**
 * Sorts a failed attempt into retry / fail / refresh. A 401 for a dead session or a changed app
 * key is not the mutation's fault: it waits (the reactions (docs/rules.md#error-reactions) handle the session, the new
 * version brings the key) instead of undoing offline work; the server checks both before the
 * Idempotency-Key, so the key is not spent.
 */
export function classifyFailure(
  e: unknown,
  kind: AnyMutationKind | undefined,
  entry: OutboxEntry,
  now: number,
): Outcome {
  if (!(e instanceof ApiCallError)) {
    const error = localFailure(e, now);
    return isQuotaError(e) ? { action: 'retry', error, retryAfterMs: null } : { action: 'fail', error };
  }
  const error: OutboxError = {
    status: e.status,
    code: e.code,
    message: e.message || FAILURE_MESSAGES[e.kind],
    at: now,
  };
  if (kind?.refreshOn?.(e) && (entry.refreshes ?? 0) < (kind.maxRefreshes ?? 1)) return { action: 'refresh', error };
  if (e.kind === 'network') return { action: 'retry', error, retryAfterMs: null };
  if (e.kind === 'http' && e.status === 409 && e.code === KEY_IN_PROGRESS && e.retryAfterMs !== null) {
    return { action: 'retry', error, retryAfterMs: e.retryAfterMs, keyHeld: true };
  }
  if (e.kind === 'http' && isTransientStatus(e.status, e.code))
    return { action: 'retry', error, retryAfterMs: e.retryAfterMs };
  if (e.kind === 'http' && e.status === 401 && e.code === WRONG_APP_KEY)
    return { action: 'retry', error, retryAfterMs: null };
  const sessionDead = e.code === 'unauthenticated' || e.code === kind?.call.unauthenticatedCode;
  if (e.kind === 'http' && e.status === 401 && sessionDead) {
    return { action: 'retry', error: { ...error, message: OUTBOX_MESSAGES.signInAgain }, retryAfterMs: null };
  }
  return { action: 'fail', error };
}
