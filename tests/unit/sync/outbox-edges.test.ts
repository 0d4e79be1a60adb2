import { describe, expect, it } from 'vitest';
import { sendBatEvent } from '../../../src/contract/analytics';
import { mutate } from '../../../src/sync/engine/enqueue';
import { webLock } from '../../../src/sync/engine/lock';
import { trackEvent } from '../../../src/sync/mutations/analytics/event';
import { Outbox } from '../../../src/sync/engine/outbox';
import { createRegistry, defineMutation } from '../../../src/sync/engine/registry';
import { api, GLO, harness } from './support/harness';
import { memoryLocks } from './support/memory-locks';

describe('outbox edge cases', () => {
  it('finds the next entry behind a long run of failed ones', async () => {
    const h = await harness();
    const failed = Array.from({ length: 60 }, (_, i) => ({
      id: `failed-${String(i).padStart(4, '0')}`,
      seq: i + 1,
      kind: 'analytics-event',
      payload: {},
      account: GLO,
      createdAt: 0,
      attempts: 1,
      nextAttemptAt: 0,
      state: 'failed' as const,
      lastError: null,
    }));
    await h.db.outbox.bulkAdd(failed);
    const e = await trackEvent(h.db, GLO, { event: 'behind', pageUrl: '/' });
    expect(await h.outbox.replay()).toMatchObject({ sent: 1 });
    expect(h.sends().map((s) => s.key)).toEqual([e.id]);
  });

  it('no token to build the request with (offline): the entry waits, and its backoff grows', async () => {
    const h = await harness({ reply: api({ '/api/analytics/get-bat-token': () => 'network-error' }) });
    const e = await trackEvent(h.db, GLO, { event: 'x', pageUrl: '/' });
    const t0 = h.clock.t;
    await h.outbox.replay();
    const first = (await h.db.outbox.get(e.id))!;
    expect(first).toMatchObject({ state: 'pending', attempts: 1, lastError: { code: 'network' } });
    expect(first.nextAttemptAt - t0).toBeLessThanOrEqual(2000);
    h.clock.t = first.nextAttemptAt;
    await h.outbox.replay();
    const second = (await h.db.outbox.get(e.id))!;
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt - h.clock.t).toBeGreaterThan(2000 - 1);
    expect(h.sends()).toHaveLength(0);
  });

  it('an answer that cannot be stored locally: the entry waits and is resent under its key, then applied', async () => {
    let broken = true;
    const fragile = defineMutation<{ n: number }, typeof sendBatEvent>({
      kind: 'fragile',
      views: [],
      call: sendBatEvent,
      title: 'Тест',
      noun: ['зміну', 'зміни', 'змін'],
      tables: ['news'],
      buildRequest: async (e) => ({ event: `n${e.payload.n}`, token: 't', data: { customer_id: 1, page_url: '/' } }),
      async apply(answer, entry, db) {
        if (broken) throw new Error('apply bug');
        await db.news.put({
          variant: 'glo',
          id: entry.id,
          title: String(answer.id),
          bodyHtml: '',
          image: null,
          publishedAt: '',
        });
      },
    });
    const h = await harness();
    const outbox = new Outbox({
      db: h.db,
      transport: h.transport,
      registry: createRegistry([fragile]),
      lock: webLock(memoryLocks().client('t')),
      now: () => h.clock.t,
      random: () => 0.5,
    });
    const e = await mutate(h.db, fragile, { account: GLO, change: () => ({ n: 1 }) });
    const report = await outbox.replay();
    expect(report.sent).toBe(0);
    expect(report.nextAt).not.toBeNull();
    expect(await h.db.outbox.get(e.id)).toMatchObject({
      state: 'pending',
      lastError: { message: expect.stringContaining('apply bug') },
    });
    broken = false;
    h.clock.t = report.nextAt!;
    expect(await outbox.replay()).toMatchObject({ sent: 1 });
    expect(h.sends().map((s) => s.key)).toEqual([e.id, e.id]);
    expect(await h.db.news.count()).toBe(1);
  });
});
