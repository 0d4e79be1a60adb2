import type { ClubDb } from '../../db/database';
import { kvGet, kvSet } from '../../db/kv';

/** Lock name shared by every tab and the service worker. */
export const OUTBOX_LOCK = 'outbox';

export interface LockHandle {
  /** False once the lock was lost (lease expired and taken by another context): stop sending. */
  stillHeld(): Promise<boolean>;
}

export type LockResult<T> = { ok: true; value: T } | { ok: false; retryAt: number };

/** One replayer at a time across tabs and the service worker. */
export interface OutboxLock {
  run<T>(fn: (held: LockHandle) => Promise<T>): Promise<LockResult<T>>;
}

/** The part of the Web Locks API we use (`navigator.locks`, in windows and workers). */
export interface WebLocksLike {
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

const alwaysHeld: LockHandle = { stillHeld: async () => true };

/**
 * Web Locks: the browser queues requests and frees the lock when its holder's page or worker
 * dies, so a killed tab never blocks the others.
 */
export function webLock(locks: WebLocksLike, name = OUTBOX_LOCK): OutboxLock {
  return {
    async run(fn) {
      const value = await locks.request(name, () => fn(alwaysHeld));
      return { ok: true, value };
    },
  };
}

/**
 * Fallback where Web Locks are missing (Safari before 15.4, some embedded webviews): a lease in
 * the key-value store, taken and renewed in short read-write transactions (IndexedDB runs those
 * one at a time, so two contexts cannot both take it). A holder that dies keeps it only until
 * it expires. No other context can take a lease before it expires, so a holder that renewed it
 * less than a second ago knows it still holds it without a transaction (a request sent then still
 * has nearly the whole lease before anyone else may send); otherwise asking renews it.
 *
 * @param ttlMs lease length. Default 15 000.
 */
export function leaseLock(db: ClubDb, opts: { owner: string; ttlMs?: number; now?: () => number }): OutboxLock {
  const ttl = opts.ttlMs ?? 15_000;
  const now = opts.now ?? Date.now;
  const renewEvery = Math.min(1_000, ttl / 4);
  /** Takes or renews the lease; its new expiry when it could. */
  const claim = () =>
    db.transaction('rw', db.kv, async (): Promise<LockResult<number>> => {
      const lease = await kvGet(db, 'outboxLease');
      const t = now();
      if (lease && lease.owner !== opts.owner && lease.until > t) return { ok: false, retryAt: lease.until };
      await kvSet(db, 'outboxLease', { owner: opts.owner, until: t + ttl }, t);
      return { ok: true, value: t + ttl };
    });
  const release = () =>
    db.transaction('rw', db.kv, async () => {
      const lease = await kvGet(db, 'outboxLease');
      if (lease?.owner === opts.owner) await db.kv.delete('outboxLease');
    });
  return {
    async run(fn) {
      const got = await claim();
      if (!got.ok) return got;
      let until = got.value;
      const stillHeld = async () => {
        if (now() < until - ttl + renewEvery) return true;
        const renewed = await claim();
        if (renewed.ok) until = renewed.value;
        return renewed.ok;
      };
      try {
        const value = await fn({ stillHeld });
        return { ok: true, value };
      } finally {
        await release();
      }
    },
  };
}

/** Web Locks where the platform has them, the lease otherwise. */
export function defaultLock(
  db: ClubDb,
  owner: string,
  locks: WebLocksLike | undefined = globalThis.navigator?.locks,
): OutboxLock {
  return locks && typeof locks.request === 'function' ? webLock(locks) : leaseLock(db, { owner });
}
