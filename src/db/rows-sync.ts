import type { Variant } from './rows-catalogue';

/** The account a mutation belongs to: each variant has its own customer record (docs/rules.md#product). */
export interface Account {
  variant: Variant;
  /** The shop customer id of that variant (`shopifyId`). */
  customerId: number;
}

export type OutboxState = 'pending' | 'sending' | 'failed';

/** Why the last attempt of an entry did not go through; `message` is shown to the member. */
export interface OutboxError {
  /** HTTP status, 0 when there was no answer. */
  status: number;
  code: string;
  /** Ukrainian, fit for the failed-entries list. */
  message: string;
  /** Epoch ms. */
  at: number;
}

/** One queued mutation (docs/architecture.md#outbox). Times are epoch ms. */
export interface OutboxEntry<P = unknown> {
  /** UUID v4, sent as the Idempotency-Key. */
  id: string;
  /** FIFO position: entries are sent in ascending `seq`. */
  seq: number;
  /** Name of its mutation kind in the registry. */
  kind: string;
  payload: P;
  account: Account;
  createdAt: number;
  /** Attempts made so far (each one a request that may have reached the server). */
  attempts: number;
  /** Not sent again before this time (backoff, Retry-After). */
  nextAttemptAt: number;
  state: OutboxState;
  lastError: OutboxError | null;
  /**
   * The exact request, fixed before the first attempt: every retry sends the same body, so the
   * server's idempotency fingerprint matches and a lost answer is replayed, never re-applied.
   */
  request?: unknown;
  /** Headers fixed with the request: the precondition of a conditional write (If-Match: "<revision>"). */
  headers?: Record<string, string>;
  /**
   * Set once the member has been told of its refusal (a failed entry is announced once), or has
   * opened the sync panel since.
   */
  noticed?: boolean;
  /** Times the entry was re-keyed after the server refused it without applying it (dead analytics token). */
  refreshes?: number;
  /**
   * The freshness stamps (puller names) its answer makes stale: its kind's views for its variant
   * (src/sync/engine/views.ts). Pulls of them wait while it waits (src/sync/engine/pull-holds.ts).
   */
  stamps?: string[];
}

/** One row of the key-value store: session, tokens, flags and "fetched at" times. */
export interface KvRow {
  key: string;
  value: unknown;
  /** Epoch ms of the last write. */
  updatedAt: number;
}
