import { describe, expect, it } from 'vitest';
import { freshUntil, kvGet, markFresh } from '../../../src/db/kv';
import { MUTATION_KINDS } from '../../../src/sync/mutations/index';
import { saveScanCode } from '../../../src/sync/mutations/scan/code';
import { dropViewsDue, markViewsDue, peekViewsDue, VIEW_NAMES, VIEW_STAMPS } from '../../../src/sync/engine/views';
import { VIEW_PULLERS } from '../../../src/sync/views-pullers';
import type { Puller } from '../../../src/sync/pullers/puller';
import { watchViewsDue, type ViewPullers } from '../../../src/sync/views-refresh';
import type { Reply } from './support/fake-fetch';
import { api, GLO, harness } from './support/harness';
import { awarded } from './support/scan-replies';

const A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ok = (body: unknown): Reply => ({ status: 200, body });
const entryOf = (variant: 'glo' | 'ogo') => ({
  id: 'e',
  seq: 1,
  kind: 'k',
  payload: { code: A, variant, rowId: 'r', request: {} },
  account: { variant, customerId: 1 },
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  state: 'pending' as const,
  lastError: null,
});

describe('every action declares the views it changes', () => {
  it('each kind names known views; one that writes XP, scan history or orders names their view', () => {
    for (const k of MUTATION_KINDS) {
      expect(k.views, k.kind).toBeDefined();
      for (const variant of ['glo', 'ogo'] as const) {
        const views = typeof k.views === 'function' ? k.views(entryOf(variant) as never) : k.views;
        for (const v of views) expect(VIEW_NAMES, `${k.kind}: ${v}`).toContain(v);
        if (k.tables.includes('xpBalance')) expect(views, k.kind).toContain('xp');
        // What moves XP is listed in the ledger while it waits: it must say what it is.
        if (views.includes('xp')) expect(k.xpMove?.(entryOf(variant) as never).what, k.kind).toMatch(/\S/);
        // …and its refusals are shown on the ledger's line, where no toast repeats them.
        if (k.xpMove) expect(k.answeredOn, k.kind).toContain('/history-bonuses');
        if (k.tables.includes('scanHistory') || k.tables.includes('scans'))
          expect(views, k.kind).toContain('scan-history');
        if (k.tables.includes('orders')) expect(views, k.kind).toContain('orders');
        if (k.tables.includes('devices')) expect(views, k.kind).toContain('devices');
        if (k.tables.includes('cart') || k.tables.includes('favourites')) expect(views, k.kind).toContain('mirrors');
      }
      // A kind that changes nothing the member sees is a report (quiet) or leaves only a local note.
      if ((typeof k.views === 'function' ? [1] : k.views).length === 0)
        expect(k.quiet || k.tables.every((t) => t === 'callBacks'), k.kind).toBe(true);
    }
  });

  it('the freshness stamps the outbox clears are the names of the pullers that pull each view again', () => {
    for (const view of VIEW_NAMES)
      for (const variant of ['glo', 'ogo', 'velo'] as const)
        expect(VIEW_STAMPS[view](variant), `${view} ${variant}`).toEqual(
          VIEW_PULLERS[view](variant).map((p) => p.name),
        );
  });
});

describe('an answer that settles: its views pulled again at once', () => {
  it('a credited scan clears the XP history’s freshness window and queues its views, which the page pulls at once', async () => {
    let historyCalls = 0;
    const h = await harness({
      reply: api({
        '/api/scan/scan-code': (_r, b) => awarded(String(b.code), 12, 832),
        '/api/get-bonus-history': () => {
          historyCalls += 1;
          return ok({
            transactions: [
              {
                id: 1,
                amount: 12,
                balance_after: 832,
                reason: 'scan',
                title: 'Скан',
                created_at: '2026-11-26T10:00:00.000Z',
              },
            ],
            summary: { earned: 12, spent: 0, balance: 832, count: 1 },
          });
        },
      }),
    });
    // Pulled a moment ago: fresh for minutes.
    await markFresh(h.db, 'doc:glo:bonus-history', Date.now() + 5 * 60_000);
    await h.db.docs.put({
      variant: 'glo',
      key: 'scan-history',
      value: { total: 4, coinCount: 40, nextOffset: null },
      fetchedAt: 0,
    });
    await saveScanCode(h.db, GLO, A, 'camera');
    await h.outbox.replay();
    expect(await freshUntil(h.db, 'doc:glo:bonus-history')).toBe(0);
    expect((await kvGet(h.db, 'viewsDue'))?.map(({ view, variant }) => ({ view, variant }))).toEqual([
      { view: 'xp', variant: 'glo' },
      { view: 'scan-stats', variant: 'glo' },
      { view: 'scan-history', variant: 'glo' },
    ]);
    // The history's header moved with its new line, in the same transaction.
    expect((await h.db.docs.get(['glo', 'scan-history']))?.value).toEqual({
      total: 5,
      coinCount: 52,
      nextOffset: null,
    });

    const ctx = { db: h.db, transport: h.transport, now: () => Date.now(), online: () => true };
    const only = { ...VIEW_PULLERS, 'scan-stats': () => [], 'scan-history': () => [] };
    const refresher = watchViewsDue(h.db, ctx, async () => only);
    await refresher.drain();
    refresher.stop();
    expect(historyCalls).toBe(1);
    expect(await kvGet(h.db, 'viewsDue')).toBeUndefined();
    expect((await h.db.docs.get(['glo', 'bonus-history']))?.value).toMatchObject({
      summary: { balance: 832, count: 1 },
    });
  });

  it('a refused scan queues its views too (the pending line leaves the ledger)', async () => {
    const h = await harness({
      reply: api({
        '/api/scan/scan-code': () => ({
          status: 409,
          body: { error: { code: 'code_used', message: 'Цей код уже використав інший учасник клубу' } },
        }),
      }),
    });
    await saveScanCode(h.db, GLO, A, 'camera');
    await h.outbox.replay();
    expect((await kvGet(h.db, 'viewsDue'))?.map((d) => d.view)).toContain('xp');
  });

  it('offline: the queue waits for the next drain', async () => {
    const h = await harness();
    await h.db.kv.put({ key: 'viewsDue', value: [{ view: 'xp', variant: 'glo' }], updatedAt: 0 });
    const online = false;
    const refresher = watchViewsDue(
      h.db,
      { db: h.db, transport: h.transport, now: () => Date.now(), online: () => online },
      async () => VIEW_PULLERS,
    );
    await refresher.drain();
    expect(await kvGet(h.db, 'viewsDue')).toHaveLength(1);
    refresher.stop();
  });

  it('a view whose pull failed stays queued for the next drain', async () => {
    let up = false;
    const history = ok({ transactions: [], summary: { earned: 0, spent: 0, balance: 5, count: 0 } });
    const h = await harness({
      reply: api({
        '/api/get-bonus-history': () =>
          up ? history : { status: 503, body: { error: { code: 'unavailable', message: 'x' } } },
      }),
    });
    await markViewsDue(h.db, [{ view: 'xp', variant: 'glo' }]);
    // No window between pulls here: this is about the queue.
    const refresher = watchViewsDue(
      h.db,
      { db: h.db, transport: h.transport, now: () => Date.now(), online: () => true },
      async () => VIEW_PULLERS,
      { windowMs: 0 },
    );
    await refresher.drain();
    expect((await kvGet(h.db, 'viewsDue'))?.map((d) => d.view)).toEqual(['xp']);
    up = true;
    await refresher.drain();
    refresher.stop();
    expect(await kvGet(h.db, 'viewsDue')).toBeUndefined();
    expect((await h.db.docs.get(['glo', 'bonus-history']))?.value).toMatchObject({ summary: { balance: 5 } });
  });
});

describe('the queue of views due', () => {
  it('keeps a view until it is pulled (a page closed mid-pull leaves it), and keeps views queued meanwhile', async () => {
    const h = await harness({});
    await markViewsDue(h.db, [
      { view: 'xp', variant: 'glo' },
      { view: 'orders', variant: 'glo' },
    ]);
    const seen = await peekViewsDue(h.db);
    expect(seen).toHaveLength(2);
    // Nothing dropped yet: a reload now finds both still due.
    expect(await peekViewsDue(h.db)).toEqual(seen);
    await markViewsDue(h.db, [{ view: 'scan-history', variant: 'ogo' }]);
    await dropViewsDue(h.db, seen);
    const left = await peekViewsDue(h.db);
    expect(left.map(({ view, variant }) => ({ view, variant }))).toEqual([{ view: 'scan-history', variant: 'ogo' }]);
    await dropViewsDue(h.db, left);
    expect(await kvGet(h.db, 'viewsDue')).toBeUndefined();
  });

  it('keeps a view queued again while its pull was under way: that pull may hold the figures from before', async () => {
    const h = await harness({});
    await markViewsDue(h.db, [
      { view: 'mirrors', variant: 'glo' },
      { view: 'xp', variant: 'glo' },
    ]);
    const pulling = await peekViewsDue(h.db);
    // An order settles while the pulls run: it changes the cart and the XP again.
    await markViewsDue(h.db, [{ view: 'mirrors', variant: 'glo' }]);
    await dropViewsDue(h.db, pulling);
    const left = await peekViewsDue(h.db);
    expect(left.map((d) => d.view)).toEqual(['mirrors']);
    await dropViewsDue(h.db, left);
    expect(await kvGet(h.db, 'viewsDue')).toBeUndefined();
  });

  it('the page pulls a view again when it is queued again during its pull', async () => {
    const h = await harness({});
    let pulls = 0;
    // The second settlement lands after the first pull's answer is stored, before the queue is trimmed.
    const p: Puller<number> = {
      name: 'mirrors',
      freshFor: 60_000,
      tables: [],
      fetch: async () => (pulls += 1),
      write: async () => undefined,
      after: async (n) => {
        if (n === 1) await markViewsDue(h.db, [{ view: 'mirrors', variant: 'glo' }]);
      },
    };
    const pullers = Object.fromEntries(
      VIEW_NAMES.map((v) => [v, () => (v === 'mirrors' ? [p] : [])]),
    ) as unknown as ViewPullers;
    await markViewsDue(h.db, [{ view: 'mirrors', variant: 'glo' }]);
    const refresher = watchViewsDue(
      h.db,
      { db: h.db, transport: h.transport, now: () => Date.now(), online: () => true },
      async () => pullers,
      { windowMs: 0 },
    );
    await expect.poll(() => kvGet(h.db, 'viewsDue')).toBeUndefined();
    refresher.stop();
    expect(pulls).toBe(2);
  });
});
