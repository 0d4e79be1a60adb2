import { describe, expect, it } from 'vitest';
import { clearFresh, freshUntil, kvGet, kvSet, markFresh } from '../../../src/db/kv';
import { queueCallBack } from '../../../src/sync/mutations/content/call-back';
import { setMemberTag } from '../../../src/sync/mutations/content/member-tags';
import { pullNewsItemOf, newsPuller, NEWS_PAGE_SIZE } from '../../../src/sync/pullers/news';
import { pullContentPageOf } from '../../../src/sync/pullers/content-pages';
import { CONTENT_PULLER_PREFIX, renewContentFlag } from '../../../src/sync/pullers/content-fresh';
import { DOC_KEYS, pullContentDoc, vocabularyPuller } from '../../../src/sync/pullers/content-docs';
import { runPuller } from '../../../src/sync/pullers/puller';
import { versionCheck } from '../../../src/sync/pullers/version-check';
import type { Reply, SeenRequest } from './support/fake-fetch';
import { api, GLO, harness, OGO } from './support/harness';

type H = Awaited<ReturnType<typeof harness>>;
const ctxOf = (h: H, online = true) => ({
  db: h.db,
  transport: h.transport,
  now: () => h.clock.t,
  online: () => online,
});
const pathOf = (r: SeenRequest) => new URL(r.url, 'http://x').pathname;

// 2026-11-23 10:00 UTC is 12:00 in Kyiv.
const NOON = Date.parse('2026-11-23T10:00:00Z');

describe('call-back request (docs/rules.md#validation day rule, docs/api.md#orders send-phone-call): queued offline, sent once', () => {
  const accepted = (_r: SeenRequest, b: Record<string, unknown>): Reply => ({
    status: 200,
    body: {
      ok: true,
      id: 7,
      day: b.day === 'Сьогодні' ? 'today' : 'tomorrow',
      date: b.day === 'Сьогодні' ? '2026-11-23' : '2026-11-24',
      from: b.callFrom,
      to: b.callTo,
    },
  });

  it('stores the request as waiting with its entry; replayed, it goes once with the day label and is confirmed', async () => {
    const h = await harness({ reply: api({ '/api/api-shop/send-phone-call': accepted }) });
    h.clock.t = NOON;
    const r = await queueCallBack(
      h.db,
      GLO,
      {
        day: 'Завтра',
        from: '10:00',
        to: '12:00',
        phone: '380501234567',
        firstName: 'Олена',
        totalSpent: 1200,
        ordersCount: 3,
      },
      NOON,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(await h.db.callBacks.get(r.row.id)).toMatchObject({
      state: 'waiting',
      date: '2026-11-24',
      from: '10:00',
      to: '12:00',
      variant: 'glo',
    });
    expect((await h.db.outbox.toArray()).map((e) => e.kind)).toEqual(['call-back']);
    await h.outbox.replay({ force: true });
    await h.outbox.replay({ force: true });
    const sends = h.sends().filter((s) => s.path === '/api/api-shop/send-phone-call');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toEqual({
      callFrom: '10:00',
      callTo: '12:00',
      phone: '380501234567',
      day: 'Завтра',
      first_name: 'Олена',
      totalSpent: 1200,
      orders_count: 3,
      avgCheck: 400,
    });
    expect(await h.db.callBacks.get(r.row.id)).toMatchObject({ state: 'sent', date: '2026-11-24', message: null });
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('a request that waited offline past midnight asks for the day it was meant for: «Сьогодні»', async () => {
    const h = await harness({ reply: api({ '/api/api-shop/send-phone-call': accepted }) });
    h.clock.t = NOON;
    await queueCallBack(h.db, OGO, { day: 'Завтра', from: '10:00', to: '12:00', phone: '380501234567' }, NOON);
    h.clock.t = Date.parse('2026-11-23T22:30:00Z'); // 00:30 on the 24th in Kyiv
    await h.outbox.replay({ force: true });
    expect(h.sends()[0]!.body).toMatchObject({ day: 'Сьогодні', ogo: true });
  });

  it('refuses a window that ends before it starts: nothing stored, nothing queued', async () => {
    const h = await harness();
    const r = await queueCallBack(
      h.db,
      GLO,
      { day: 'Завтра', from: '14:00', to: '12:00', phone: '380501234567' },
      NOON,
    );
    expect(r).toEqual({ ok: false, reason: 'Початок проміжку має бути раніше за кінець' });
    expect(await h.db.callBacks.count()).toBe(0);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('a refusal by the server marks the request refused with its reason', async () => {
    const h = await harness({
      reply: api({
        '/api/api-shop/send-phone-call': () => ({
          status: 422,
          body: { error: { code: 'call_back_invalid', message: 'Цей час сьогодні вже минув — обери інший' } },
        }),
      }),
    });
    const r = await queueCallBack(
      h.db,
      GLO,
      { day: 'Сьогодні', from: '13:00', to: '14:00', phone: '380501234567' },
      NOON,
    );
    if (!r.ok) throw new Error(r.reason);
    await h.outbox.replay({ force: true });
    expect(await h.db.callBacks.get(r.row.id)).toMatchObject({
      state: 'refused',
      message: 'Цей час сьогодні вже минув — обери інший',
    });
  });

  it('no network: the request waits, then goes when the network is back', async () => {
    let up = false;
    const h = await harness({
      reply: (req) => (up ? api({ '/api/api-shop/send-phone-call': accepted })(req) : 'network-error'),
    });
    const r = await queueCallBack(
      h.db,
      GLO,
      { day: 'Завтра', from: '18:00', to: '20:00', phone: '380501234567' },
      NOON,
    );
    if (!r.ok) throw new Error(r.reason);
    await h.outbox.replay({ force: true });
    expect(await h.db.callBacks.get(r.row.id)).toMatchObject({ state: 'waiting' });
    up = true;
    await h.outbox.sendNow();
    expect(await h.db.callBacks.get(r.row.id)).toMatchObject({ state: 'sent' });
    // Two attempts, one key: the server's idempotency store sees one request.
    const keys = h.seen
      .filter((x) => pathOf(x) === '/api/api-shop/send-phone-call')
      .map((x) => x.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
  });
});

describe('content freshness and the version check (docs/rules.md#states)', () => {
  it('a new server version clears the content flag, and the next content pull drops every content stamp', async () => {
    const h = await harness({
      reply: api({ '/api/get-version': () => ({ status: 200, body: { version: '2.0.0' } }) }),
    });
    await renewContentFlag(h.db, h.clock.t);
    await markFresh(h.db, `${CONTENT_PULLER_PREFIX}page:glo:faq`, h.clock.t + 3_600_000);
    await markFresh(h.db, 'favourites', h.clock.t + 3_600_000);
    // Not changed yet: the flag stays, the stamps stay.
    expect(await renewContentFlag(h.db, h.clock.t)).toBe(false);
    const storage = new Map([['appVersion', '1.0.0']]);
    const check = versionCheck({
      storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
      clearCaches: async () => undefined,
      reload: () => undefined,
    });
    expect(await runPuller(check, ctxOf(h))).toBe('pulled');
    expect(await kvGet(h.db, 'contentFlag')).toBeUndefined();
    expect(await renewContentFlag(h.db, h.clock.t)).toBe(true);
    expect(await freshUntil(h.db, `${CONTENT_PULLER_PREFIX}page:glo:faq`)).toBe(0);
    expect(await freshUntil(h.db, 'favourites')).toBe(h.clock.t + 3_600_000);
    expect(await kvGet(h.db, 'contentFlag')).toBe(h.clock.t);
  });

  it('a content page is pulled per variant: the ogo FAQ is asked for after a switch even though the glo one is fresh', async () => {
    const h = await harness({
      reply: api({
        '/api/content/get-page-by-id': (_r, b) => ({
          status: 200,
          body: { id: b.id, title: 'FAQ', body_html: `<h3>${b.ogo ? 'ogo' : 'glo'}</h3><div>a</div>` },
        }),
      }),
    });
    await kvSet(h.db, 'variant', 'glo');
    expect(await pullContentPageOf(ctxOf(h), 'faq', 'glo')).toBe('pulled');
    expect(await pullContentPageOf(ctxOf(h), 'faq', 'glo')).toBe('fresh');
    await kvSet(h.db, 'variant', 'ogo');
    expect(await pullContentPageOf(ctxOf(h), 'faq', 'ogo')).toBe('pulled');
    expect((await h.db.contentPages.get(['ogo', '1001']))?.bodyHtml).toBe('<h3>ogo</h3><div>a</div>');
    expect((await h.db.contentPages.get(['glo', '1001']))?.bodyHtml).toBe('<h3>glo</h3><div>a</div>');
    // Offline: nothing asked, the stored pages stay.
    const before = h.seen.length;
    await clearFresh(h.db, `${CONTENT_PULLER_PREFIX}page:ogo:faq`);
    expect(await pullContentPageOf(ctxOf(h, false), 'faq', 'ogo')).toBe('offline');
    expect(h.seen.length).toBe(before);
  });

  it('keeps a dictionary section whole for reading and searching offline; a missing one is asked for even when stamped fresh', async () => {
    const terms = [{ id: 1, term: 'XP', definition: 'Бали клубу' }];
    const h = await harness({
      reply: api({
        '/api/vocabulary/get-terms': (req) => ({
          status: 200,
          body: {
            section: new URL(req.url, 'http://x').searchParams.get('section'),
            title: 'Словник velo',
            terms,
            sections: [],
          },
        }),
      }),
    });
    await kvSet(h.db, 'variant', 'glo');
    const p = vocabularyPuller('glo', 'velo');
    await markFresh(h.db, p.name, h.clock.t + 86_400_000);
    expect(await pullContentDoc(ctxOf(h), p, 'glo', DOC_KEYS.vocabulary('velo'))).toBe('pulled');
    expect((await h.db.docs.get(['glo', 'vocabulary:velo']))?.value).toMatchObject({ section: 'velo', terms });
    expect(await pullContentDoc(ctxOf(h), p, 'glo', DOC_KEYS.vocabulary('velo'))).toBe('fresh');
  });
});

describe('news items (docs/rules.md#screens /news/{newsId}, docs/api.md#content news/get-by-id)', () => {
  const item = (id: number) => ({
    id,
    title: `Новина ${id}`,
    date: `2026-10-${String(id).padStart(2, '0')}T09:00:00.000Z`,
    lead: 'Коротко',
    image: `/media/news/${id}.svg`,
    body_html: `<p>Текст ${id}</p>`,
  });

  it('a deep link to an item not stored loads it whole; a stored list row gains its text', async () => {
    const h = await harness({
      reply: api({
        '/api/news/get-by-id': (req) => ({
          status: 200,
          body: item(Number(new URL(req.url, 'http://x').searchParams.get('id'))),
        }),
      }),
    });
    await kvSet(h.db, 'variant', 'glo');
    expect(await pullNewsItemOf(ctxOf(h), 'glo', 5)).toBe('pulled');
    expect(await h.db.news.get(['glo', '5'])).toMatchObject({
      title: 'Новина 5',
      bodyHtml: '<p>Текст 5</p>',
      lead: 'Коротко',
    });
    expect(await pullNewsItemOf(ctxOf(h), 'glo', 5)).toBe('fresh');
    expect(await pullNewsItemOf(ctxOf(h, false), 'glo', 6)).toBe('offline');
  });

  it('an id the server does not know is «missing», and a stored copy of it goes', async () => {
    const h = await harness({
      reply: api({
        '/api/news/get-by-id': () => ({
          status: 404,
          body: { error: { code: 'news_not_found', message: 'Новину не знайдено' } },
        }),
      }),
    });
    await kvSet(h.db, 'variant', 'glo');
    await h.db.news.put({
      variant: 'glo',
      id: '9',
      title: 'Стара',
      bodyHtml: '',
      image: null,
      publishedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(await pullNewsItemOf(ctxOf(h), 'glo', 9)).toBe('missing');
    expect(await h.db.news.get(['glo', '9'])).toBeUndefined();
  });

  it('a server failure is «failed», not «missing», and keeps what is stored', async () => {
    const h = await harness({
      reply: api({ '/api/news/get-by-id': () => ({ status: 503, body: { error: { code: 'down', message: 'x' } } }) }),
    });
    await kvSet(h.db, 'variant', 'glo');
    await h.db.news.put({
      variant: 'glo',
      id: '3',
      title: 'Є',
      bodyHtml: '',
      image: null,
      publishedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(await pullNewsItemOf(ctxOf(h), 'glo', 3)).toBe('failed');
    expect(await h.db.news.get(['glo', '3'])).toBeDefined();
  });

  it('a list refresh keeps an item read in full that fell off a full page, and drops one withdrawn from a short list', async () => {
    const page = Array.from({ length: NEWS_PAGE_SIZE }, (_, i) => item(NEWS_PAGE_SIZE + 10 - i));
    let list = page;
    const h = await harness({
      reply: api({
        '/api/news/get-list': () => ({ status: 200, body: { items: list, page: 1, pages: 2, total: 40 } }),
      }),
    });
    await kvSet(h.db, 'variant', 'glo');
    await h.db.news.put({
      variant: 'glo',
      id: '2',
      title: 'Старіша, прочитана',
      bodyHtml: '<p>x</p>',
      image: null,
      publishedAt: '2026-10-02T09:00:00.000Z',
    });
    await h.db.news.put({
      variant: 'glo',
      id: '1',
      title: 'Старіша, не відкрита',
      bodyHtml: '',
      image: null,
      publishedAt: '2026-10-01T09:00:00.000Z',
    });
    expect(await runPuller(newsPuller('glo'), ctxOf(h), true)).toBe('pulled');
    const ids = (await h.db.news.toArray()).map((n) => n.id);
    expect(ids).toContain('2');
    expect(ids).not.toContain('1');
    list = page.slice(0, 3);
    await runPuller(newsPuller('glo'), ctxOf(h), true);
    expect((await h.db.news.toArray()).map((n) => n.id).sort()).toEqual(list.map((n) => String(n.id)).sort());
  });
});

describe('the news consent tag (docs/api.md#user update-tags)', () => {
  it('switches locally at once, and sends the server’s own list with only that tag changed', async () => {
    const h = await harness({
      reply: api({
        '/api/user/get-user': () => ({
          status: 200,
          body: {
            customer: {
              id: 101,
              first_name: 'О',
              last_name: 'К',
              email: 'e@x.ua',
              phone: '380500000001',
              tags: ['pwa_user', 'age_verified'],
              orders_count: 0,
              total_spent: 0,
              note: '',
            },
            metafields: [],
          },
        }),
        '/api/user/update-tags': (_r, b) => ({ status: 200, body: { tags: b.tags } }),
      }),
    });
    await kvSet(h.db, 'memberRecords', {
      glo: {
        id: 101,
        first_name: 'О',
        last_name: 'К',
        email: 'e@x.ua',
        phone: '380500000001',
        tags: ['pwa_user'],
        orders_count: 0,
        total_spent: 0,
      },
    });
    await setMemberTag(h.db, GLO, 'news_consent', true, h.clock.t);
    expect((await kvGet(h.db, 'memberRecords'))?.glo?.tags).toEqual(['pwa_user', 'news_consent']);
    await h.outbox.replay({ force: true });
    expect(h.sends()[0]!.body).toEqual({ tags: ['pwa_user', 'age_verified', 'news_consent'], shopifyId: 101 });
    expect((await kvGet(h.db, 'memberRecords'))?.glo?.tags).toEqual(['pwa_user', 'age_verified', 'news_consent']);
    expect(() => setMemberTag(h.db, GLO, 'age_verified', true)).toThrow();
  });
});

describe('the content kinds are registered', () => {
  it('call-back, member-tags and bot-stat are known to the outbox', async () => {
    const h = await harness();
    for (const k of ['call-back', 'member-tags', 'bot-stat']) expect(h.registry.get(k), k).toBeDefined();
  });
});
