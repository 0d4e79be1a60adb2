import { describe, expect, it } from 'vitest';
import { kvSet } from '../../../src/db/kv';
import { runPuller } from '../../../src/sync/pullers/puller';
import { newsPuller, NEWS_PAGE_SIZE } from '../../../src/sync/pullers/news';
import type { Reply } from './support/fake-fetch';
import { api, harness } from './support/harness';

/** A news list of the variant asked for: ids `ids`, newest first. */
function newsServer(ids: Record<'glo' | 'ogo', number[]>) {
  return {
    '/api/news/get-list': (req: { url: string }): Reply => {
      const q = new URL(req.url, 'http://x').searchParams;
      const variant = q.get('ogo') === 'true' ? 'ogo' : 'glo';
      const items = ids[variant].map((id) => ({
        id,
        title: `Новина ${id}`,
        date: `2026-11-${String(10 + id).padStart(2, '0')}T09:00:00.000Z`,
        lead: `Коротко ${id}`,
        image: `/media/news/${id}.svg`,
      }));
      return { status: 200, body: { items, page: Number(q.get('page')), pages: 1, total: items.length } };
    },
  };
}

const ctxOf = (h: Awaited<ReturnType<typeof harness>>) => ({
  db: h.db,
  transport: h.transport,
  now: () => h.clock.t,
  online: () => true,
});

describe('news puller (docs/rules.md#screens /news, docs/api.md#content news/get-list)', () => {
  it('stores the first page of the active variant, newest first, and asks only for that variant', async () => {
    const h = await harness({ reply: api(newsServer({ glo: [3, 2, 1], ogo: [9] })) });
    await kvSet(h.db, 'variant', 'glo');
    expect(await runPuller(newsPuller('ogo'), ctxOf(h))).toBe('nothing');
    expect(await runPuller(newsPuller('glo'), ctxOf(h))).toBe('pulled');
    const url = new URL(h.seen[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/news/get-list');
    expect(url.searchParams.get('limit')).toBe(String(NEWS_PAGE_SIZE));
    expect(url.searchParams.has('ogo')).toBe(false);
    const rows = (await h.db.news.where('variant').equals('glo').sortBy('publishedAt')).reverse();
    expect(rows.map((r) => [r.id, r.title, r.lead, r.image])).toEqual([
      ['3', 'Новина 3', 'Коротко 3', '/media/news/3.svg'],
      ['2', 'Новина 2', 'Коротко 2', '/media/news/2.svg'],
      ['1', 'Новина 1', 'Коротко 1', '/media/news/1.svg'],
    ]);
    expect(await h.db.news.where('variant').equals('ogo').count()).toBe(0);
  });

  it('replaces the list: withdrawn items go, a body already fetched for a kept item stays', async () => {
    const ids = { glo: [2, 1], ogo: [] as number[] };
    const h = await harness({ reply: api(newsServer(ids)) });
    await kvSet(h.db, 'variant', 'glo');
    await runPuller(newsPuller('glo'), ctxOf(h));
    await h.db.news.update(['glo', '2'], { bodyHtml: '<p>Текст</p>' });
    ids.glo = [3, 2];
    expect(await runPuller(newsPuller('glo'), ctxOf(h), true)).toBe('pulled');
    const rows = await h.db.news.where('variant').equals('glo').toArray();
    expect(rows.map((r) => r.id).sort()).toEqual(['2', '3']);
    expect(rows.find((r) => r.id === '2')?.bodyHtml).toBe('<p>Текст</p>');
  });

  it('asks for ogo news with the {product} flag while ogo is active', async () => {
    const h = await harness({ reply: api(newsServer({ glo: [1], ogo: [9] })) });
    await kvSet(h.db, 'variant', 'ogo');
    expect(await runPuller(newsPuller('ogo'), ctxOf(h))).toBe('pulled');
    expect(new URL(h.seen[0]!.url, 'http://x').searchParams.get('ogo')).toBe('true');
    expect((await h.db.news.where('variant').equals('ogo').toArray()).map((r) => r.title)).toEqual(['Новина 9']);
  });
});
