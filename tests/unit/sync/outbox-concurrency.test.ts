import { describe, expect, it } from 'vitest';
import { ClubDb } from '../../../src/db/database';
import { leaseLock, webLock } from '../../../src/sync/engine/lock';
import { trackEvent } from '../../../src/sync/mutations/analytics/event';
import type { Reply, SeenRequest } from './support/fake-fetch';
import { api, GLO, harness, uniqueDbName } from './support/harness';
import { memoryLocks } from './support/memory-locks';

const never = () => new Promise<never>(() => undefined);

describe('a page killed mid-replay', () => {
  it('leaves its entry "sending"; the next start retries it with the same key and body', async () => {
    const name = uniqueDbName('restart');
    const locks = memoryLocks();
    const tab1 = locks.client('tab-1');
    let arrived: SeenRequest | null = null;
    const dying = await harness({
      name,
      lock: webLock(tab1),
      reply: (req) => {
        if (req.url.endsWith('send-bat-event')) {
          arrived = req;
          return never();
        }
        return api()(req);
      },
    });
    const e = await trackEvent(dying.db, GLO, { event: 'x', pageUrl: '/' });
    void dying.outbox.replay();
    await expect.poll(() => arrived !== null).toBe(true);
    tab1.kill();
    dying.db.close();

    const next = await harness({ name, lock: webLock(locks.client('tab-2')) });
    expect(await next.db.outbox.get(e.id)).toMatchObject({ state: 'sending', attempts: 1 });
    expect(await next.outbox.replay()).toMatchObject({ sent: 1 });
    const resent = next.sends()[0]!;
    expect(resent.key).toBe(e.id);
    expect(resent.body).toEqual(JSON.parse(arrived!.body!));
    expect(await next.db.outbox.count()).toBe(0);
  });
});

/** A network that counts requests in flight, with each answer delayed a little. */
function slowNetwork() {
  let inFlight = 0;
  let maxInFlight = 0;
  const reply = async (req: SeenRequest): Promise<Reply> => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 3));
    inFlight -= 1;
    return api()(req);
  };
  return { reply, max: () => maxInFlight };
}

describe('one replayer at a time across tabs', () => {
  it('Web Locks: two tabs replaying at once never send concurrently, and send each entry once', async () => {
    const name = uniqueDbName('two-tabs');
    const locks = memoryLocks();
    const net = slowNetwork();
    const a = await harness({ name, lock: webLock(locks.client('a')), reply: net.reply });
    const b = await harness({ name, lock: webLock(locks.client('b')), reply: net.reply });
    for (let i = 0; i < 6; i += 1) await trackEvent(i % 2 ? a.db : b.db, GLO, { event: `e${i}`, pageUrl: '/' });
    const [ra, rb] = await Promise.all([a.outbox.replay(), b.outbox.replay()]);
    expect(ra.sent + rb.sent).toBe(6);
    expect(net.max()).toBe(1);
    const keys = [...a.sends(), ...b.sends()].map((s) => s.key);
    expect(new Set(keys).size).toBe(6);
    expect(keys).toHaveLength(6);
  });

  it('lease fallback (no Web Locks): the second tab is told it is busy and when to come back', async () => {
    const name = uniqueDbName('lease');
    const clock = { t: Date.now() + 86_400_000 };
    const net = slowNetwork();
    const dbA = new ClubDb(name);
    const a = await harness({
      name,
      clock,
      reply: net.reply,
      lock: leaseLock(dbA, { owner: 'a', now: () => clock.t, ttlMs: 15_000 }),
    });
    const b = await harness({
      name,
      clock,
      reply: net.reply,
      lock: leaseLock(new ClubDb(name), { owner: 'b', now: () => clock.t, ttlMs: 15_000 }),
    });
    for (let i = 0; i < 4; i += 1) await trackEvent(a.db, GLO, { event: `e${i}`, pageUrl: '/' });
    const [ra, rb] = await Promise.all([a.outbox.replay(), b.outbox.replay()]);
    const busy = ra.busy ? ra : rb;
    const worker = ra.busy ? rb : ra;
    expect(worker.sent).toBe(4);
    expect(busy).toMatchObject({ busy: true, sent: 0, nextAt: clock.t + 15_000 });
    expect(net.max()).toBe(1);
  });

  it('lease fallback: a killed holder blocks others only until its lease expires', async () => {
    const name = uniqueDbName('lease-kill');
    const clock = { t: Date.now() + 86_400_000 };
    const dying = await harness({
      name,
      clock,
      lock: leaseLock(new ClubDb(name), { owner: 'dying', now: () => clock.t, ttlMs: 15_000 }),
      reply: (req) => (req.url.endsWith('send-bat-event') ? never() : api()(req)),
    });
    const e = await trackEvent(dying.db, GLO, { event: 'x', pageUrl: '/' });
    void dying.outbox.replay();
    await expect.poll(async () => (await dying.db.outbox.get(e.id))?.state).toBe('sending');

    const next = await harness({
      name,
      clock,
      lock: leaseLock(new ClubDb(name), { owner: 'next', now: () => clock.t, ttlMs: 15_000 }),
    });
    expect(await next.outbox.replay()).toMatchObject({ busy: true, sent: 0 });
    clock.t += 15_001;
    expect(await next.outbox.replay()).toMatchObject({ busy: false, sent: 1 });
    expect(next.sends()[0]?.key).toBe(e.id);
  });

  it('calls made during a replay join it and cause one more pass', async () => {
    const h = await harness({ reply: slowNetwork().reply });
    await trackEvent(h.db, GLO, { event: 'a', pageUrl: '/' });
    const first = h.outbox.replay();
    await trackEvent(h.db, GLO, { event: 'b', pageUrl: '/' });
    const second = h.outbox.replay();
    expect(second).toBe(first);
    await first;
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.sends().map((s) => s.body.event)).toEqual(['a', 'b']);
  });
});
