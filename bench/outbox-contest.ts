// The outbox contest of bench/outbox.bench.ts, written once for both places it runs: Node
// (fake-indexeddb, the server in process) and headless Chromium (real IndexedDB, the server on
// loopback). Each contestant replays the same mutations under the same seeded faults.
import { Queue } from 'workbox-background-sync';
import { ClubDb } from '../src/db/database';
import { kvSet } from '../src/db/kv';
import { createSyncCore } from '../src/sync/core';
import { webLock } from '../src/sync/engine/lock';
import { trackEvent } from '../src/sync/mutations/analytics/event';
import { toggleFavourite } from '../src/sync/mutations/shop/favourite-toggle';
import { FAVOURITES_DOC } from '../src/sync/mutations/shop/favourites-state';
import { fetchBase, setBase } from '../src/sync/mutations/shop/metafield-base';
import { memoryLocks } from '../tests/unit/sync/support/memory-locks';

export type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** A page is killed mid-request every this many requests (alternately before and after the server got it). */
export const KILL_EVERY = 150;

export interface Contestant {
  /** Names the IndexedDB database, the Workbox queue and the events' page_url prefix. */
  tag: string;
  n: number;
  /** Bearer token of the member. */
  token: string;
  /** Analytics token, for the Workbox requests (the outbox fetches its own). */
  batToken: string;
  customerId: number;
  apiKey: string;
  /** Absolute origin for Workbox's stored Requests. */
  origin: string;
}

/** Wraps the timed replay (a profiler started and stopped around it); default: runs it. */
export type Around = <T>(fn: () => Promise<T>) => Promise<T>;
const direct: Around = (fn) => fn();

export interface Run {
  ms: number;
  requests: number;
  restarts: number;
  /** Time spent waiting on the network (the server and the fault plan), summed: the rest is the client's own work. */
  netMs: number;
  /** CPU time of the process meanwhile (Node only; null in a browser), less sensitive than wall time to other processes. */
  cpuMs: number | null;
}

/** Times `fn`: wall, and in Node the process's CPU time. */
async function timed(fn: () => Promise<number>): Promise<{ ms: number; cpuMs: number | null; restarts: number }> {
  const cpu = typeof process !== 'undefined' && typeof process.cpuUsage === 'function' ? process.cpuUsage() : null;
  const t0 = performance.now();
  const restarts = await fn();
  const ms = performance.now() - t0;
  const used = cpu ? process.cpuUsage(cpu) : null;
  return { ms, restarts, cpuMs: used ? (used.user + used.system) / 1000 : null };
}

/** The same seeded fault plan for everyone: by request number, 5 % answers lost (applied), 5 % 503 (not applied), a kill every 150. */
function faultyNetwork(realFetch: Fetch, seed = 42) {
  let s = seed >>> 0;
  const rand = () => ((s = (s + 0x6d2b79f5) >>> 0), (((s ^ (s >>> 15)) * (s | 1)) >>> 0) / 2 ** 32);
  const net = {
    requests: 0,
    netMs: 0,
    onKill: null as null | (() => void),
    async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const t0 = performance.now();
      try {
        return await net.faulty(input, init);
      } finally {
        net.netMs += performance.now() - t0;
      }
    },
    async faulty(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      net.requests += 1;
      const r = rand();
      if (net.requests % KILL_EVERY === 0) {
        if ((net.requests / KILL_EVERY) % 2 === 0) await (await realFetch(input, init)).text();
        net.onKill?.();
        return new Promise<never>(() => undefined);
      }
      if (r < 0.05) {
        await (await realFetch(input, init)).text();
        throw new TypeError('connection reset: answer lost');
      }
      if (r < 0.1) return Response.json({ error: { code: 'unavailable', message: '' } }, { status: 503 });
      return realFetch(input, init);
    },
  };
  return net;
}

/** Replays until done; a kill abandons the instance mid-request, as a closed tab would, and a fresh one takes over. */
async function drive(
  open: () => { replay(): Promise<boolean>; kill(): void },
  net: ReturnType<typeof faultyNetwork>,
): Promise<number> {
  let inst = open();
  let restarts = 0;
  for (let round = 0; round < 100_000; round += 1) {
    const killed = new Promise<'killed'>((r) => (net.onKill = () => r('killed')));
    const done = await Promise.race([inst.replay(), killed]);
    if (done === 'killed') {
      inst.kill();
      inst = open();
      restarts += 1;
    } else if (done) break;
  }
  return restarts;
}

/** This outbox: events queued by the domain action, replayed (forced: no backoff waits) through the real transport. */
export async function runOurs(c: Contestant, realFetch: Fetch, around: Around = direct): Promise<Run> {
  const net = faultyNetwork(realFetch);
  const locks = memoryLocks();
  const seed = new ClubDb(`bench-${c.tag}`);
  await kvSet(seed, 'pwaToken', c.token);
  for (let i = 0; i < c.n; i += 1)
    await trackEvent(
      seed,
      { variant: 'glo', customerId: c.customerId },
      { event: 'bench', pageUrl: `/bench/${c.tag}/${i}` },
    );
  let tabs = 0;
  const open = () => {
    const client = locks.client(`tab-${++tabs}`);
    const db = new ClubDb(`bench-${c.tag}`);
    const core = createSyncCore({
      db,
      apiKey: c.apiKey,
      baseUrl: '',
      fetch: (u, i) => net.fetch(u, i),
      lock: webLock(client),
    });
    return {
      replay: async () => (await core.outbox.replay({ force: true })).nextAt === null,
      kill: () => (client.kill(), db.close()),
    };
  };
  const t = await timed(() => around(() => drive(open, net)));
  return { ...t, requests: net.requests, netMs: net.netMs };
}

/** Workbox's Queue as documented: requests pushed, `replayRequests()` until empty; optionally with an Idempotency-Key header. */
export async function runWorkbox(
  c: Contestant,
  realFetch: Fetch,
  withKey: boolean,
  around: Around = direct,
): Promise<Run> {
  const net = faultyNetwork(realFetch);
  const names = (Queue as unknown as { _queueNames: Set<string> })._queueNames;
  const make = () => {
    names.delete(c.tag); // a fresh page may reopen the queue of a dead one
    return new Queue(c.tag, { forceSyncFallback: true, onSync: async () => undefined });
  };
  const first = make();
  for (let i = 0; i < c.n; i += 1) {
    const body = JSON.stringify({
      event: 'bench',
      token: c.batToken,
      data: { customer_id: c.customerId, page_url: `/bench/${c.tag}/${i}` },
    });
    const headers: Record<string, string> = {
      'x-api-key': c.apiKey,
      authorization: `Bearer ${c.token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (withKey) headers['idempotency-key'] = crypto.randomUUID();
    await first.pushRequest({
      request: new Request(`${c.origin}/api/analytics/send-bat-event`, { method: 'POST', headers, body }),
    });
  }
  const realGlobal = globalThis.fetch;
  globalThis.fetch = (input, init) => net.fetch(input, init);
  try {
    const open = () => {
      const q = make();
      const empty = async () => (await q.size()) === 0;
      return { replay: () => q.replayRequests().then(empty, empty), kill: () => undefined };
    };
    const t = await timed(() => around(() => drive(open, net)));
    return { ...t, requests: net.requests, netMs: net.netMs };
  } finally {
    globalThis.fetch = realGlobal;
  }
}

/** What the two-device case left on the server: favourites of the union missing, requests, 412s met. */
export interface TwoDeviceRun {
  lost: number;
  requests: number;
  conflicts: number;
}

/** The member's favourites as the server holds them. */
async function serverFavourites(c: Contestant, f: Fetch): Promise<number[]> {
  const r = await f(`${c.origin}/api/user/get-metafields`, {
    method: 'POST',
    headers: {
      'x-api-key': c.apiKey,
      authorization: `Bearer ${c.token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ id: c.customerId }),
  });
  const { metafields } = (await r.json()) as { metafields: Array<{ key: string; value: string }> };
  const m = metafields.find((x) => x.key === 'favorites');
  return m ? (JSON.parse(m.value) as number[]) : [];
}

/** Counts requests and 412 answers. */
function counting(realFetch: Fetch) {
  const n = { requests: 0, conflicts: 0 };
  const f: Fetch = async (input, init) => {
    n.requests += 1;
    const r = await realFetch(input, init);
    if (r.status === 412) n.conflicts += 1;
    return r;
  };
  return { n, f };
}

/**
 * Two devices of one member, both offline: device A favourites products 1..per, device B
 * per+1..2·per; then A replays and B after it (`together`: both at once). This outbox sends each
 * favourite as an operation on the server's current list (If-Match, rebuilt on 412).
 */
export async function runOursTwoDevices(
  c: Contestant,
  realFetch: Fetch,
  per: number,
  together: boolean,
): Promise<TwoDeviceRun> {
  const { n, f } = counting(realFetch);
  const locks = memoryLocks();
  const devices = await Promise.all(
    ['a', 'b'].map(async (d, i) => {
      const db = new ClubDb(`bench-${c.tag}-${d}`);
      await kvSet(db, 'pwaToken', c.token);
      await kvSet(db, 'customerIds', { glo: c.customerId });
      const core = createSyncCore({
        db,
        apiKey: c.apiKey,
        baseUrl: c.origin.startsWith('http://local') ? '' : c.origin,
        fetch: f,
        lock: webLock(locks.client(`device-${d}`)),
      });
      // Both saw the same (empty) list before going offline.
      const account = { variant: 'glo' as const, customerId: c.customerId };
      await setBase(db, 'glo', FAVOURITES_DOC, await fetchBase(core.transport, account, FAVOURITES_DOC, Date.now()));
      for (let k = 1; k <= per; k += 1) await toggleFavourite(db, account, i * per + k);
      return core;
    }),
  );
  const drain = async (core: (typeof devices)[number]) => {
    for (let i = 0; i < 1000 && (await core.db.outbox.count()) > 0; i += 1) await core.outbox.replay({ force: true });
  };
  if (together) await Promise.all(devices.map(drain));
  else for (const d of devices) await drain(d);
  const held = new Set(await serverFavourites(c, f));
  let lost = 0;
  for (let id = 1; id <= 2 * per; id += 1) if (!held.has(id)) lost += 1;
  for (const d of devices) d.db.close();
  return { lost, requests: n.requests, conflicts: n.conflicts };
}

/**
 * The same with Workbox's Queue as the reference: it replays whole requests, so each device's
 * request carries the list as that device had it (what it last knew plus its own favourites).
 */
export async function runWorkboxTwoDevices(
  c: Contestant,
  realFetch: Fetch,
  per: number,
  together: boolean,
): Promise<TwoDeviceRun> {
  const { n, f } = counting(realFetch);
  const names = (Queue as unknown as { _queueNames: Set<string> })._queueNames;
  const queues = await Promise.all(
    ['a', 'b'].map(async (d, i) => {
      names.delete(`${c.tag}-${d}`);
      const q = new Queue(`${c.tag}-${d}`, { forceSyncFallback: true, onSync: async () => undefined });
      const list: number[] = [];
      for (let k = 1; k <= per; k += 1) {
        list.push(i * per + k);
        const body = JSON.stringify({
          namespace: 'pwa',
          key: 'favorites',
          type: 'json',
          value: JSON.stringify(list),
          shopifyId: c.customerId,
        });
        const headers = {
          'x-api-key': c.apiKey,
          authorization: `Bearer ${c.token}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': crypto.randomUUID(),
        };
        await q.pushRequest({
          request: new Request(`${c.origin}/api/user/create-metafields`, { method: 'POST', headers, body }),
        });
      }
      return q;
    }),
  );
  const realGlobal = globalThis.fetch;
  globalThis.fetch = (input, init) => f(input, init);
  try {
    if (together) await Promise.all(queues.map((q) => q.replayRequests()));
    else for (const q of queues) await q.replayRequests();
  } finally {
    globalThis.fetch = realGlobal;
  }
  const held = new Set(await serverFavourites(c, f));
  let lost = 0;
  for (let id = 1; id <= 2 * per; id += 1) if (!held.has(id)) lost += 1;
  return { lost, requests: n.requests, conflicts: n.conflicts };
}
