import { describe, expect, it } from 'vitest';
import type { ScanStats } from '../../../src/sync/pullers/scans';
import { scanHistoryPuller, scanStatsPuller } from '../../../src/sync/pullers/scans';
import { devicesPuller } from '../../../src/sync/pullers/devices';
import { bonusHistoryPuller } from '../../../src/sync/pullers/xp';
import { runPuller } from '../../../src/sync/pullers/puller';
import { memberPuller } from '../../../src/sync/pullers/session-member';
import { markViewsDue } from '../../../src/sync/engine/views';
import { kvGet } from '../../../src/db/kv';
import type { Reply } from './support/fake-fetch';
import { api, harness } from './support/harness';

const ok = (body: unknown): Reply => ({ status: 200, body });
const scanCalls = (count: Reply) =>
  api({
    '/api/scan/get-scan-count': () => count,
    '/api/scan/get-scan-percent': () =>
      ok({ percent: 60, count: 6, goal: 10, coinMonth: 64, month: '2026-11-01', managerAdded: true }),
    '/api/scan/get-full-balance': () => ok({ glo: 820, ogo: 120, total: 940 }),
    '/api/scan/get-message': () => ok({ message: 'Понад половину шляху пройдено', count: 6, goal: 10 }),
  });

describe('the month in figures (docs/api.md#scan scan calls, docs/rules.md#error-reactions)', () => {
  it('keeps count, progress, message and the full balance, and both XP balances', async () => {
    const h = await harness({ reply: scanCalls(ok({ code: 200, success: true, count: 6, date_start: '2026-11-01' })) });
    const ctx = { db: h.db, transport: h.transport, now: () => Date.parse('2026-11-26T10:00:00Z'), online: () => true };
    expect(await runPuller(scanStatsPuller('glo'), ctx)).toBe('pulled');
    const doc = (await h.db.docs.get(['glo', 'scan-stats']))?.value as ScanStats;
    expect(doc).toMatchObject({
      count: 6,
      countError: false,
      percent: 60,
      coinMonth: 64,
      managerAdded: true,
      balance: { total: 940 },
    });
    expect(h.seen.find((r) => r.url.includes('get-scan-count'))?.body).toBe(
      JSON.stringify({ date_start: '2026-11-01' }),
    );
    expect((await h.db.xpBalance.get('ogo'))?.balance).toBe(120);
  });

  it('a get-scan-count answer whose code is not 200 sets the error state instead of a number', async () => {
    const h = await harness({ reply: scanCalls(ok({ code: 500, success: false })) });
    const ctx = { db: h.db, transport: h.transport, now: () => Date.now(), online: () => true };
    expect(await runPuller(scanStatsPuller('glo'), ctx)).toBe('pulled');
    expect((await h.db.docs.get(['glo', 'scan-stats']))?.value).toMatchObject({
      count: null,
      countError: true,
      percent: 60,
    });
  });
});

describe('scan history pages (offset paging)', () => {
  const item = (id: number) => ({
    id,
    uuid: `0f8fad5b-d9cb-469f-a165-7086772895${String(id).padStart(2, '0')}`,
    date: `2026-11-${String(id).padStart(2, '0')}T10:00:00.000Z`,
    xp: 10,
    product: 'Стіки',
    variant: 'glo',
    source: 'single',
  });
  it('the first page replaces what was kept, a later one is added', async () => {
    const h = await harness({
      reply: api({
        '/api/scan/get-history': (_r, b) =>
          ok({
            items: b.offset ? [item(1)] : [item(3), item(2)],
            total: 3,
            coinCount: 30,
            offset: b.offset ?? 0,
            pageSize: 2,
            nextOffset: b.offset ? null : 2,
          }),
      }),
    });
    await h.db.scanHistory.put({
      variant: 'glo',
      id: '99',
      code: 'old',
      createdAt: '2020-01-01',
      coins: 1,
      product: 'x',
      source: 'single',
    });
    const ctx = { db: h.db, transport: h.transport, now: () => Date.now(), online: () => true };
    await runPuller(scanHistoryPuller('glo'), ctx);
    expect((await h.db.scanHistory.toArray()).map((r) => r.id).sort()).toEqual(['2', '3']);
    expect((await h.db.docs.get(['glo', 'scan-history']))?.value).toEqual({ total: 3, coinCount: 30, nextOffset: 2 });
    await runPuller(scanHistoryPuller('glo', 2), ctx, true);
    expect((await h.db.scanHistory.toArray()).map((r) => r.id).sort()).toEqual(['1', '2', '3']);
    expect((await h.db.docs.get(['glo', 'scan-history']))?.value).toMatchObject({ nextOffset: null });
  });
});

describe('devices and XP history, readable offline', () => {
  it('get-devices replaces the registered rows and keeps a registration still waiting', async () => {
    const h = await harness({
      reply: api({
        '/api/get-devices': () =>
          ok({
            code: 200,
            data: {
              asset: [
                {
                  id: 1,
                  serial: 'G1PX7K2M9Q',
                  model: 'Пристрій Плюс',
                  title: 'glo Пристрій Плюс',
                  variant: 'glo',
                  registered_at: '2026-01-30T10:00:00.000Z',
                },
              ],
            },
          }),
      }),
    });
    await h.db.devices.bulkPut([
      {
        variant: 'glo',
        id: '77',
        title: 'gone',
        serial: 'GONE00000',
        registeredAt: null,
        state: 'registered',
        message: null,
        awarded: null,
      },
      {
        variant: 'glo',
        id: 'serial:GENP2NJ9G7A',
        title: 'Новий пристрій',
        serial: 'GENP2NJ9G7A',
        registeredAt: null,
        state: 'waiting',
        message: null,
        awarded: null,
      },
    ]);
    const ctx = { db: h.db, transport: h.transport, now: () => Date.now(), online: () => true };
    expect(await runPuller(devicesPuller('glo'), ctx)).toBe('pulled');
    expect((await h.db.devices.toArray()).map((d) => [d.serial, d.state]).sort()).toEqual([
      ['G1PX7K2M9Q', 'registered'],
      ['GENP2NJ9G7A', 'waiting'],
    ]);
  });

  it('get-bonus-history is kept whole with its summary, and the balance with it', async () => {
    const h = await harness({
      reply: api({
        '/api/get-bonus-history': () =>
          ok({
            transactions: [
              {
                id: 1,
                amount: 100,
                balance_after: 100,
                reason: 'device',
                title: 'Реєстрація',
                created_at: '2026-11-01T10:00:00.000Z',
              },
            ],
            summary: { earned: 100, spent: 0, balance: 100, count: 1 },
          }),
      }),
    });
    const ctx = { db: h.db, transport: h.transport, now: () => Date.now(), online: () => true };
    expect(await runPuller(bonusHistoryPuller('ogo'), ctx)).toBe('pulled');
    expect(h.seen[0]?.url).toContain('shop=ogo');
    expect((await h.db.docs.get(['ogo', 'bonus-history']))?.value).toMatchObject({ summary: { balance: 100 } });
    expect((await h.db.xpBalance.get('ogo'))?.balance).toBe(100);
    expect(await runPuller(bonusHistoryPuller('ogo'), { ...ctx, online: () => false }, true)).toBe('offline');
  });
});

describe('balances a pull carried from before an XP action', () => {
  // The month-stats and member pulls carry both XP balances beside their own data. An order or a
  // scan that settles while such a fetch is on its way already wrote the newer balance; the older
  // one must not be put back (every screen reads the balance row).
  const settleOrder = (h: Awaited<ReturnType<typeof harness>>) =>
    h.db.transaction('rw', [h.db.kv, h.db.xpBalance], async () => {
      await h.db.xpBalance.put({ variant: 'glo', balance: 320, fetchedAt: Date.now() });
      await markViewsDue(h.db, [{ view: 'xp', variant: 'glo' }]);
    });

  it('month stats: kept, but the balances from before the action are not written', async () => {
    let calls = 0;
    const h: Awaited<ReturnType<typeof harness>> = await harness({
      reply: api({
        '/api/scan/get-scan-count': () => ok({ code: 200, success: true, count: 6, date_start: '2026-11-01' }),
        '/api/scan/get-scan-percent': () =>
          ok({ percent: 60, count: 6, goal: 10, coinMonth: 64, month: '2026-11-01', managerAdded: true }),
        '/api/scan/get-full-balance': async () => {
          calls += 1;
          if (calls === 1) await settleOrder(h);
          return ok({ glo: 820, ogo: 120, total: 940 });
        },
        '/api/scan/get-message': () => ok({ message: 'Понад половину шляху пройдено', count: 6, goal: 10 }),
      }),
    });
    const ctx = { db: h.db, transport: h.transport, now: () => Date.now(), online: () => true };
    expect(await runPuller(scanStatsPuller('glo'), ctx)).toBe('pulled');
    expect((await h.db.docs.get(['glo', 'scan-stats']))?.value).toMatchObject({ count: 6, coinMonth: 64 });
    expect((await h.db.docs.get(['glo', 'scan-stats']))?.value).not.toHaveProperty('xpSeen');
    expect((await h.db.xpBalance.get('glo'))?.balance).toBe(320);
    // The other variant's XP did not change: its balance is written.
    expect((await h.db.xpBalance.get('ogo'))?.balance).toBe(120);
    // The next pull, with nothing settling meanwhile, writes both.
    expect(await runPuller(scanStatsPuller('glo'), ctx, true)).toBe('pulled');
    expect((await h.db.xpBalance.get('glo'))?.balance).toBe(820);
  });

  it('member: the records are kept, the balances from before the action are not written', async () => {
    let calls = 0;
    const h: Awaited<ReturnType<typeof harness>> = await harness({
      reply: api({
        '/api/user/get-user': (_r, b) =>
          ok({
            customer: {
              id: b.id,
              first_name: 'Олена',
              last_name: 'Коваль',
              email: 'olena@example.com',
              phone: '380500000001',
              tags: [],
              orders_count: 0,
              total_spent: 0,
              note: '',
            },
            metafields: [],
          }),
        '/api/get-balance': async () => {
          calls += 1;
          if (calls === 1) await settleOrder(h);
          return ok({ balance: 900 + calls });
        },
        '/api/invite/get-promo-code': () => ok({ msg: 'ok', consumer: { memberGetMemberCode: 'REW-ABC234' } }),
      }),
    });
    const ctx = { db: h.db, transport: h.transport, now: () => Date.now(), online: () => true };
    expect(await runPuller(memberPuller, ctx, true)).toBe('pulled');
    expect(await kvGet(h.db, 'memberRecords')).toHaveProperty('glo');
    expect((await h.db.xpBalance.get('glo'))?.balance).toBe(320);
    expect((await h.db.xpBalance.get('ogo'))?.balance).toBe(902);
  });
});
