import { describe, expect, it } from 'vitest';
import { sendBatEvent } from '../../../src/contract/analytics';
import { ClubDb } from '../../../src/db/database';
import { kvSet } from '../../../src/db/kv';
import type { OutboxEntry } from '../../../src/db/rows-sync';
import { createSyncCore } from '../../../src/sync/core';
import { leaseLock, webLock } from '../../../src/sync/engine/lock';
import { mutate } from '../../../src/sync/engine/enqueue';
import { trackEvent } from '../../../src/sync/mutations/analytics/event';
import { Outbox } from '../../../src/sync/engine/outbox';
import { createRegistry, defineMutation } from '../../../src/sync/engine/registry';
import type { Reply, SeenRequest } from './support/fake-fetch';
import { scriptedFetch } from './support/fake-fetch';
import { api, GLO, harness, uniqueDbName } from './support/harness';
import { memoryLocks } from './support/memory-locks';

const never = () => new Promise<never>(() => undefined);

/**
 * A server that keeps, per Idempotency-Key, the first answer and how many times the event was
 * applied (once per key): a request seen again under its key gets the stored answer.
 */
function idempotentServer() {
  const answers = new Map<string, Reply>();
  /** Events applied, in the order the server applied them. */
  const applied: string[] = [];
  let ids = 0;
  const handle = (req: SeenRequest): Reply => {
    const key = req.headers['idempotency-key'];
    if (!key) return api()(req) as Reply;
    const stored = answers.get(key);
    if (stored) return stored;
    const body = JSON.parse(req.body ?? '{}') as { data: { page_url: string } };
    applied.push(body.data.page_url);
    const answer: Reply = { status: 200, body: { ok: true, id: ++ids } };
    answers.set(key, answer);
    return answer;
  };
  return { handle, applied };
}

/** One tab over `name`: the outbox of a fresh page, its lock client, and a way to kill it. */
function tab(
  name: string,
  locks: ReturnType<typeof memoryLocks>,
  id: string,
  reply: (req: SeenRequest) => Reply | Promise<Reply>,
) {
  const db = new ClubDb(name);
  const client = locks.client(id);
  const net = scriptedFetch(reply);
  const core = createSyncCore({
    db,
    apiKey: 'k',
    baseUrl: '',
    fetch: net.fetch,
    lock: webLock(client),
    random: () => 0.5,
  });
  return { db, core, net, kill: () => (client.kill(), db.close()) };
}

async function queueEvents(name: string, n: number): Promise<OutboxEntry[]> {
  const db = new ClubDb(name);
  await kvSet(db, 'pwaToken', 'member-token');
  const entries: OutboxEntry[] = [];
  for (let i = 0; i < n; i += 1) entries.push(await trackEvent(db, GLO, { event: 'e', pageUrl: `/${i}` }));
  db.close();
  return entries;
}

describe('a page killed at any request (each entry settled before the next is sent)', () => {
  const N = 20;
  for (const when of ['before', 'after'] as const) {
    it(`killed ${when} the server got request k, for every k: each event applied once, in order, nothing left, only the one in flight sent again`, async () => {
      for (let k = 1; k <= N + 2; k += 1) {
        const name = uniqueDbName(`kill-${when}-${k}`);
        await queueEvents(name, N);
        const server = idempotentServer();
        const locks = memoryLocks();
        let sends = 0;
        let died!: () => void;
        const dead = new Promise<void>((r) => (died = r));
        const dying = tab(name, locks, 'dying', async (req) => {
          if (req.headers['idempotency-key'] && ++sends === k) {
            if (when === 'after') server.handle(req);
            died();
            return never();
          }
          return server.handle(req);
        });
        await Promise.race([dying.core.outbox.replay({ force: true }), dead]);
        dying.kill();

        const next = tab(name, locks, 'next', server.handle);
        for (let i = 0; i < 5 && (await next.db.outbox.count()) > 0; i += 1)
          await next.core.outbox.replay({ force: true });
        expect(await next.db.outbox.count(), `k=${k}`).toBe(0);
        expect(server.applied, `k=${k}`).toEqual(Array.from({ length: N }, (_, i) => `/${i}`));
        // The k-1 answered before the kill were settled: the next page sends request k and the rest.
        expect(
          next.net.seen.filter((r) => r.headers['idempotency-key']),
          `k=${k}`,
        ).toHaveLength(Math.max(0, N - k + 1));
        next.kill();
      }
    });
  }
});

describe('transient failure at any position of a long queue', () => {
  it('the failed entry waits with its attempt counted, the ones after it are pending and uncounted, none is left sending', async () => {
    const N = 40;
    for (const f of [1, 2, 5, 9, 16, 17, 24, 32, 33]) {
      let n = 0;
      const h = await harness({
        reply: api({
          '/api/analytics/send-bat-event': () =>
            ++n === f
              ? { status: 503, body: { error: { code: 'unavailable', message: '' } } }
              : { status: 200, body: { ok: true, id: n } },
        }),
      });
      const queued: OutboxEntry[] = [];
      for (let i = 0; i < N; i += 1) queued.push(await trackEvent(h.db, GLO, { event: 'e', pageUrl: `/${i}` }));
      const report = await h.outbox.replay();
      expect(report.sent, `f=${f}`).toBe(f - 1);
      const left = await h.db.outbox.orderBy('seq').toArray();
      expect(
        left.map((e) => e.id),
        `f=${f}`,
      ).toEqual(queued.slice(f - 1).map((e) => e.id));
      expect(left[0], `f=${f}`).toMatchObject({ state: 'pending', attempts: 1, lastError: { status: 503 } });
      expect(left[0]!.nextAttemptAt).toBe(report.nextAt);
      for (const e of left.slice(1))
        expect(e, `f=${f}`).toMatchObject({ state: 'pending', attempts: 0, lastError: null });
      // Then everything goes, the failed one first, under the same key.
      h.clock.t = report.nextAt!;
      expect((await h.outbox.replay()).sent).toBe(N - f + 1);
      const keys = h.sends().map((s) => s.key);
      expect(keys.slice(f - 1, f + 1)).toEqual([queued[f - 1]!.id, queued[f - 1]!.id]);
      expect(new Set(keys).size).toBe(N);
    }
  });
});

describe('a request that cannot be stored', () => {
  it('is never sent: its entry waits with the reason while the ones before it are settled; then it goes, each event applied once', async () => {
    let unstorable = true;
    // A request that cannot be stored (a function in it) makes the transaction that marks it fail.
    const probe = defineMutation<{ n: number }, typeof sendBatEvent>({
      kind: 'probe',
      views: [],
      call: sendBatEvent,
      title: 'Тест',
      noun: ['зміну', 'зміни', 'змін'],
      tables: [],
      buildRequest: async (e) => ({
        event: 'e',
        token: 't',
        data: { customer_id: 1, page_url: `/${e.payload.n}` },
        ...(unstorable && e.payload.n === 30 ? { bad: () => 0 } : {}),
      }),
    });
    const server = idempotentServer();
    const net = scriptedFetch(server.handle);
    const db = new ClubDb(uniqueDbName('unstorable'));
    await kvSet(db, 'pwaToken', 'member-token');
    const clock = { t: Date.now() + 86_400_000 };
    const core = createSyncCore({
      db,
      apiKey: 'k',
      baseUrl: '',
      fetch: net.fetch,
      lock: webLock(memoryLocks().client('t')),
      registry: createRegistry([probe]),
      now: () => clock.t,
      random: () => 0.5,
    });
    const entries: OutboxEntry[] = [];
    const N = 40;
    for (let n = 0; n < N; n += 1)
      entries.push(await mutate(db, probe, { account: GLO, change: () => ({ n }), now: clock.t }));

    const first = await core.outbox.replay();
    expect(first.sent).toBe(30);
    expect(net.seen.map((r) => r.headers['idempotency-key'])).toEqual(entries.slice(0, 30).map((e) => e.id));
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left.map((e) => e.id)).toEqual(entries.slice(30).map((e) => e.id));
    expect(left[0]).toMatchObject({ state: 'pending', attempts: 0, lastError: { status: 0, code: 'unexpected' } });
    expect(left[0]).not.toHaveProperty('request');
    expect(left[0]!.nextAttemptAt).toBe(first.nextAt);
    for (const e of left.slice(1)) expect(e).toMatchObject({ state: 'pending', attempts: 0, lastError: null });

    unstorable = false;
    clock.t = first.nextAt!;
    expect((await core.outbox.replay()).sent).toBe(N - 30);
    expect(await db.outbox.count()).toBe(0);
    expect(server.applied).toEqual(Array.from({ length: N }, (_, n) => `/${n}`));
    expect(net.seen).toHaveLength(N);
  });
});

describe('one request at a time', () => {
  it('no request is made inside a transaction, and never two at once', async () => {
    const { Dexie } = await import('dexie');
    const inTx: boolean[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    let n = 0;
    const h = await harness({
      reply: async (req) => {
        inTx.push(Dexie.currentTransaction !== null);
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 0));
        inFlight -= 1;
        if (req.url.endsWith('send-bat-event') && ++n % 7 === 0) return 'network-error';
        return api()(req);
      },
    });
    for (let i = 0; i < 60; i += 1) await trackEvent(h.db, GLO, { event: 'e', pageUrl: `/${i}` });
    for (let pass = 0; pass < 30 && (await h.db.outbox.count()) > 0; pass += 1) await h.outbox.replay({ force: true });
    expect(await h.db.outbox.count()).toBe(0);
    expect(inTx.length).toBeGreaterThan(60);
    expect(inTx.every((x) => !x)).toBe(true);
    expect(maxInFlight).toBe(1);
    // First sent in queue order (a failed one is sent again before any after it).
    const firstSent = [...new Set(h.sends().map((s) => (s.body.data as { page_url: string }).page_url))];
    expect(firstSent).toEqual(Array.from({ length: 60 }, (_, i) => `/${i}`));
  });
});

describe('requests built before the first attempt', () => {
  it('are built once per entry across passes, and every attempt sends the same body', async () => {
    let builds = 0;
    const counted = defineMutation<{ n: number }, typeof sendBatEvent>({
      kind: 'counted',
      views: [],
      call: sendBatEvent,
      title: 'Тест',
      noun: ['зміну', 'зміни', 'змін'],
      tables: [],
      buildRequest: async (e) => {
        builds += 1;
        return { event: 'e', token: `t${builds}`, data: { customer_id: 1, page_url: `/${e.payload.n}` } };
      },
    });
    let n = 0;
    const h = await harness({
      reply: api({
        '/api/analytics/send-bat-event': () =>
          ++n % 4 === 0 ? 'network-error' : { status: 200, body: { ok: true, id: n } },
      }),
    });
    const outbox = new Outbox({
      db: h.db,
      transport: h.transport,
      registry: createRegistry([counted]),
      lock: webLock(memoryLocks().client('x')),
      now: () => h.clock.t,
      random: () => 0.5,
    });
    for (let i = 0; i < 12; i += 1) await mutate(h.db, counted, { account: GLO, change: () => ({ n: i }) });
    for (let pass = 0; pass < 20 && (await h.db.outbox.count()) > 0; pass += 1) await outbox.replay({ force: true });
    expect(await h.db.outbox.count()).toBe(0);
    expect(builds).toBe(12);
    const byKey = new Map<string, string[]>();
    for (const s of h.sends()) byKey.set(s.key, [...(byKey.get(s.key) ?? []), JSON.stringify(s.body)]);
    expect(byKey.size).toBe(12);
    for (const bodies of byKey.values()) expect(new Set(bodies).size).toBe(1);
  });
});

describe('lease fallback renewals', () => {
  it('renews at most about once a second while it holds the lease, and still notices a takeover', async () => {
    const db = new ClubDb(uniqueDbName('lease-renew'));
    const clock = { t: Date.now() };
    let writes = 0;
    db.kv.hook('creating', (key) => void (key === 'outboxLease' && (writes += 1)));
    db.kv.hook('updating', (_c, key) => void (key === 'outboxLease' && (writes += 1)));
    const lock = leaseLock(db, { owner: 'me', ttlMs: 15_000, now: () => clock.t });
    const result = await lock.run(async (held) => {
      const claimed = writes;
      for (let i = 0; i < 50; i += 1) expect(await held.stillHeld()).toBe(true);
      expect(writes).toBe(claimed);
      clock.t += 1_000;
      expect(await held.stillHeld()).toBe(true);
      expect(writes).toBe(claimed + 1);
      // Expired and taken by another context meanwhile: the holder finds out at its next check.
      clock.t += 16_000;
      await db.kv.put({ key: 'outboxLease', value: { owner: 'other', until: clock.t + 15_000 }, updatedAt: clock.t });
      return held.stillHeld();
    });
    expect(result).toEqual({ ok: true, value: false });
  });
});
