import { describe, expect, it } from 'vitest';
import { kvGet } from '../../../src/db/kv';
import { manualOnline } from '../../../src/sync/engine/online';
import { installTriggers } from '../../../src/sync/engine/triggers';
import { saveScanCode } from '../../../src/sync/mutations/scan/code';
import { runPuller, runPullers } from '../../../src/sync/pullers/puller';
import { scanStatsPuller } from '../../../src/sync/pullers/scans';
import { VIEW_PULLERS } from '../../../src/sync/views-pullers';
import { VIEW_PULL_WINDOW_MS, watchViewsDue } from '../../../src/sync/views-refresh';
import type { Reply } from './support/fake-fetch';
import { api, GLO, harness } from './support/harness';

// Pulls on a slow link that comes and goes: the member's changes go first, and a view they
// move is pulled once they are in, at most once in a window (src/sync/engine/pull-holds.ts).

const CODES = [
  '0f8fad5b-d9cb-469f-a165-70867728950e',
  '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  '16fd2706-8baf-433b-82eb-8c7fada847da',
];
const ok = (body: unknown): Reply => ({ status: 200, body });
const awarded = (code: string, n: number): Reply =>
  ok({
    status: 'awarded',
    xp: 10,
    balance: 800 + n * 10,
    monthCount: n,
    item: {
      id: n,
      uuid: code,
      date: '2026-11-26T10:00:00.000Z',
      xp: 10,
      product: 'Стіки neo™ Ruby Boost',
      variant: 'glo',
      source: 'single',
    },
  });

/** A server that credits every code and counts the month's pulls (get-scan-count). */
async function scanServer() {
  let credited = 0;
  const counts = { stats: 0 };
  const h = await harness({
    reply: api({
      '/api/scan/scan-code': (_r, b) => awarded(String(b.code), (credited += 1)),
      '/api/scan/get-scan-count': () => {
        counts.stats += 1;
        return ok({ code: 200, success: true, count: credited, date_start: '2026-11-01' });
      },
      '/api/scan/get-scan-percent': () =>
        ok({
          percent: credited * 10,
          count: credited,
          goal: 10,
          coinMonth: credited * 10,
          month: '2026-11-01',
          managerAdded: false,
        }),
      '/api/scan/get-full-balance': () => ok({ glo: 800 + credited * 10, ogo: 0, total: 800 + credited * 10 }),
      '/api/scan/get-message': () => ok({ message: 'Так тримати', count: credited, goal: 10 }),
      '/api/get-bonus-history': () => ok({ transactions: [], summary: { earned: 0, spent: 0, balance: 0, count: 0 } }),
      '/api/scan/get-history': () =>
        ok({ items: [], total: credited, coinCount: credited * 10, offset: 0, pageSize: 20, nextOffset: null }),
    }),
  });
  const ctx = { db: h.db, transport: h.transport, now: () => Date.now(), online: () => true };
  return { h, ctx, counts };
}

describe('a pull that would run ahead of the member’s changes waits', () => {
  it('the month’s figures are not pulled while a code that moves them waits, and are once it is in', async () => {
    const { h, ctx, counts } = await scanServer();
    await saveScanCode(h.db, GLO, CODES[0]!, 'manual');
    expect(await runPuller(scanStatsPuller('glo'), ctx)).toBe('held');
    // The start-up and reconnect pulls hold it too; other views are not held.
    const results = await runPullers([scanStatsPuller('glo'), scanStatsPuller('ogo')], ctx);
    expect(results).toEqual({ 'doc:glo:scan-stats': 'held', 'doc:ogo:scan-stats': 'pulled' });
    expect(counts.stats).toBe(1);
    // A screen that asks for the latest on purpose (forced) is not held.
    expect(await runPuller(scanStatsPuller('glo'), ctx, true)).toBe('pulled');
    await h.outbox.replay();
    // Settled: the view is queued for the refresher, and the other pulls leave it to it.
    expect((await kvGet(h.db, 'viewsDue'))?.map((d) => d.view)).toContain('scan-stats');
    expect(await runPuller(scanStatsPuller('glo'), ctx)).toBe('held');
  });

  it('the refresher pulls a view once, after the last of the codes that move it is in', async () => {
    const { h, ctx, counts } = await scanServer();
    for (const c of CODES) await saveScanCode(h.db, GLO, c, 'manual');
    const refresher = watchViewsDue(h.db, ctx, async () => VIEW_PULLERS, { windowMs: 0 });
    // Each answer is settled apart, as on a link that carries one request at a time.
    for (let i = 0; i < CODES.length; i += 1) {
      const head = (await h.db.outbox.orderBy('seq').first())!;
      await h.db.outbox.where('seq').above(head.seq).modify({ nextAttemptAt: Number.MAX_SAFE_INTEGER });
      await h.outbox.replay();
      await h.db.outbox.toCollection().modify({ nextAttemptAt: 0 });
      await refresher.drain();
      expect(counts.stats, `after code ${i + 1}`).toBe(i === CODES.length - 1 ? 1 : 0);
    }
    refresher.stop();
    expect(await kvGet(h.db, 'viewsDue')).toBeUndefined();
    expect((await h.db.docs.get(['glo', 'scan-stats']))?.value).toMatchObject({ count: 3 });
  });

  it('a view queued again within its window is pulled once the window ends, not at once', async () => {
    const { h, ctx, counts } = await scanServer();
    let t = 1_000_000;
    const timers: Array<{ fn: () => void; at: number }> = [];
    const clocked = { ...ctx, now: () => t };
    const refresher = watchViewsDue(h.db, clocked, async () => VIEW_PULLERS, {
      setTimer: (fn, ms) => timers.push({ fn, at: t + ms }),
      clearTimer: () => undefined,
    });
    await saveScanCode(h.db, GLO, CODES[0]!, 'manual');
    await h.outbox.replay();
    await refresher.drain();
    expect(counts.stats).toBe(1);
    // The next code a moment later: its views wait for the window's end.
    t += 1000;
    await saveScanCode(h.db, GLO, CODES[1]!, 'manual');
    await h.outbox.replay();
    await refresher.drain();
    await refresher.drain();
    expect(counts.stats).toBe(1);
    expect(timers.map((x) => x.at)).toEqual([1_000_000 + VIEW_PULL_WINDOW_MS]);
    t = timers[0]!.at;
    timers[0]!.fn();
    await refresher.drain();
    refresher.stop();
    expect(counts.stats).toBe(2);
    expect((await h.db.docs.get(['glo', 'scan-stats']))?.value).toMatchObject({ count: 2 });
  });
});

describe('back online', () => {
  it('sends what waits before it pulls', async () => {
    const { h } = await scanServer();
    await saveScanCode(h.db, GLO, CODES[0]!, 'manual');
    const online = manualOnline(false);
    const order: string[] = [];
    const trig = installTriggers(h.outbox, {
      online,
      pull: async () => {
        order.push(`pull: ${await h.db.outbox.count()} waiting`);
      },
      setTimer: () => 0,
      clearTimer: () => undefined,
    });
    // The start's own pull (offline, it asks nothing) is not what this is about.
    await expect.poll(() => order.length).toBe(1);
    order.length = 0;
    online.set(true);
    await expect.poll(() => order.length).toBeGreaterThan(0);
    trig.stop();
    expect(order).toEqual(['pull: 0 waiting']);
  });
});
