import { reactOnFailure, type ReactionEffects } from '../api/reactions';
import { Transport, type FetchLike } from '../api/transport';
import type { ClubDb } from '../db/database';
import { kvDelete } from '../db/kv';
import type { BackoffPolicy } from './engine/backoff';
import { defaultLock, type OutboxLock } from './engine/lock';
import { appRegistry } from './mutations/index';
import { Outbox } from './engine/outbox';
import type { MutationRegistry } from './engine/registry';
import { bearerToken } from './auth/session';
import { uuidV4 } from './engine/uuid';

export interface SyncCoreOptions {
  db: ClubDb;
  apiKey: string;
  /** API origin; '' for the app's own. */
  baseUrl: string;
  fetch?: FetchLike;
  /** Default: Web Locks, or the key-value lease where they are missing. */
  lock?: OutboxLock;
  /** Default: every kind of `mutations/index.ts`. */
  registry?: MutationRegistry;
  now?: () => number;
  random?: () => number;
  backoff?: BackoffPolicy;
  /** docs/rules.md#error-reactions `UNAUTHORIZED_IN_APP`: the session is dead; the page logs out. Called outside the failing call. */
  onSessionExpired?: () => void;
  onActivity?: (active: boolean) => void;
}

/** The transport and the outbox, as both the page and the service worker need them. */
export interface SyncCore {
  db: ClubDb;
  transport: Transport;
  outbox: Outbox;
  registry: MutationRegistry;
}

/** The reactions (docs/rules.md#error-reactions) on this device's data: token flags in the key-value store, and the session. */
export function deviceReactions(db: ClubDb, onSessionExpired?: () => void): ReactionEffects {
  return {
    // Deferred: the failing call may be inside an outbox replay, which must not wait for a logout.
    forceLogout: () => void setTimeout(() => onSessionExpired?.(), 0),
    clearCertToken: () => kvDelete(db, 'certToken'),
    clearFeedbackToken: () => kvDelete(db, 'feedbackToken'),
    clearAnalyticsToken: () => kvDelete(db, 'batToken'),
  };
}

export function createSyncCore(o: SyncCoreOptions): SyncCore {
  const registry = o.registry ?? appRegistry();
  const transport = new Transport({
    baseUrl: o.baseUrl,
    apiKey: o.apiKey,
    getToken: () => bearerToken(o.db),
    fetch: o.fetch,
    onFailure: reactOnFailure(deviceReactions(o.db, o.onSessionExpired)),
  });
  const outbox = new Outbox({
    db: o.db,
    transport,
    registry,
    lock: o.lock ?? defaultLock(o.db, uuidV4()),
    now: o.now,
    random: o.random,
    backoff: o.backoff,
    onActivity: o.onActivity,
  });
  return { db: o.db, transport, outbox, registry };
}
