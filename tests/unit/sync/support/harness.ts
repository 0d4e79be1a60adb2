import { ClubDb } from '../../../../src/db/database';
import { kvSet } from '../../../../src/db/kv';
import type { Account, OutboxEntry } from '../../../../src/db/rows-sync';
import { createSyncCore, type SyncCore } from '../../../../src/sync/core';
import { webLock, type OutboxLock } from '../../../../src/sync/engine/lock';
import { scriptedFetch, type Reply, type SeenRequest } from './fake-fetch';
import { memoryLocks } from './memory-locks';
import { metafieldServer } from './shop-fixtures';

export const GLO: Account = { variant: 'glo', customerId: 101 };
export const OGO: Account = { variant: 'ogo', customerId: 202 };

/** An outbox entry of GLO, pending and never tried, with what `over` says instead. */
export const outboxEntry = (over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: 'x',
  seq: 1,
  kind: 'k',
  payload: null,
  account: GLO,
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  state: 'pending',
  lastError: null,
  ...over,
});

type Handler = (req: SeenRequest, body: Record<string, unknown>) => Reply | Promise<Reply>;

/** Default answers of the calls the registered kinds make; a test overrides the ones it needs. */
export function api(overrides: Record<string, Handler> = {}) {
  let tokens = 0;
  const handlers: Record<string, Handler> = {
    '/api/analytics/get-bat-token': () => ({
      status: 200,
      body: { token: `bat-${++tokens}`, expired_at: '2030-01-01T00:00:00.000Z' },
    }),
    '/api/analytics/send-bat-event': () => ({ status: 200, body: { ok: true, id: 1 } }),
    ...metafieldServer().handlers,
    ...overrides,
  };
  return (req: SeenRequest) => {
    const path = new URL(req.url, 'http://x').pathname;
    const h = handlers[path];
    if (!h) return { status: 404, body: { error: { code: 'not_found', message: path } } } as Reply;
    return h(req, req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {});
  };
}

export interface Harness extends SyncCore {
  seen: SeenRequest[];
  /** Requests that carried an Idempotency-Key (the outbox's sends), in order. */
  sends(): Array<{ path: string; key: string; body: Record<string, unknown> }>;
  clock: { t: number };
}

let dbCounter = 0;
export const uniqueDbName = (prefix = 'outbox') => `${prefix}-${++dbCounter}-${Math.random().toString(36).slice(2)}`;

/** A signed-in device (glo 101, ogo 202) over a scripted network, with a hand-moved clock. */
export async function harness(
  opts: {
    reply?: (req: SeenRequest) => Reply | Promise<Reply>;
    name?: string;
    lock?: OutboxLock;
    clock?: { t: number };
  } = {},
): Promise<Harness> {
  const db = new ClubDb(opts.name ?? uniqueDbName());
  // Ahead of the wall clock, so entries queued with the default `Date.now()` are due.
  const clock = opts.clock ?? { t: Date.now() + 365 * 86_400_000 };
  await kvSet(db, 'pwaToken', 'member-token');
  await kvSet(db, 'customerIds', { glo: GLO.customerId, ogo: OGO.customerId });
  const net = scriptedFetch(opts.reply ?? api());
  const core = createSyncCore({
    db,
    apiKey: 'k',
    baseUrl: '',
    fetch: net.fetch,
    lock: opts.lock ?? webLock(memoryLocks().client('tab')),
    now: () => clock.t,
    random: () => 0.5,
  });
  return {
    ...core,
    seen: net.seen,
    clock,
    sends: () =>
      net.seen
        .filter((r) => r.headers['idempotency-key'])
        .map((r) => ({
          path: new URL(r.url, 'http://x').pathname,
          key: r.headers['idempotency-key']!,
          body: JSON.parse(r.body ?? '{}') as Record<string, unknown>,
        })),
  };
}
