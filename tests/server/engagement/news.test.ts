import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NEWS } from '../../../server/seed/content-news';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { engagementServer } from './support';

let s: TestServer, m: TestMember;
beforeAll(async () => {
  s = await engagementServer();
  m = await createMember(s);
});
afterAll(() => s.close());

const list = (query: Record<string, string>) => s.get('/api/news/get-list', query, m.token);
const item = (query: Record<string, string>) => s.get('/api/news/get-by-id', query, m.token);
const titlesOf = (variant: 'glo' | 'ogo') =>
  [...DEMO_NEWS]
    .sort((a, b) => a.daysAgo - b.daysAgo)
    .filter((n) => n.variant === 'all' || n.variant === variant)
    .map((n) => n.title);

describe('news/get-list (route /news)', () => {
  it('answers the variant’s news and the common ones, newest first, 10 a page by default', async () => {
    const r = await list({});
    expect(r.status).toBe(200);
    const expected = titlesOf('glo');
    expect(r.body.total).toBe(expected.length);
    expect(r.body.page).toBe(1);
    expect(r.body.pages).toBe(Math.ceil(expected.length / 10));
    expect(r.body.items.map((i: { title: string }) => i.title)).toEqual(expected.slice(0, 10));
    const dates = r.body.items.map((i: { date: string }) => i.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const i of r.body.items) expect(i.image).toBe(`/media/news/${i.id}.svg`);
    const ogo = await list({ ogo: 'true' });
    expect(ogo.body.items.map((i: { title: string }) => i.title)).toEqual(titlesOf('ogo').slice(0, 10));
    expect(ogo.body.total).toBe(titlesOf('ogo').length);
  });

  it('pages through every item exactly once, and answers an empty page past the end', async () => {
    const first = await list({ limit: '4' });
    const total: number = first.body.total;
    expect(first.body.pages).toBe(Math.ceil(total / 4));
    const seen: number[] = [];
    for (let p = 1; p <= first.body.pages; p++) {
      const r = await list({ limit: '4', page: String(p) });
      expect(r.body.page).toBe(p);
      expect(r.body.items.length).toBe(Math.min(4, total - (p - 1) * 4));
      seen.push(...r.body.items.map((i: { id: number }) => i.id));
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen).toHaveLength(total);
    const past = await list({ limit: '4', page: String(first.body.pages + 1) });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ items: [], total });
    const far = await list({ page: '999999999', limit: '50' });
    expect(far.status).toBe(200);
    expect(far.body.items).toEqual([]);
  });

  it('caps the page size at 50', async () => {
    const r = await list({ limit: '500' });
    expect(r.status).toBe(200);
    expect(r.body.pages).toBe(1);
    expect(r.body.items).toHaveLength(r.body.total);
  });

  it('answers 400 naming the field for a bad page, limit or flag', async () => {
    for (const [query, field] of [
      [{ page: '0' }, 'page'],
      [{ page: '-1' }, 'page'],
      [{ page: 'two' }, 'page'],
      [{ page: '1.5' }, 'page'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '1e3' }, 'limit'],
      [{ page: '1234567890' }, 'page'],
      [{ ogo: 'yes' }, 'ogo'],
    ] as const) {
      const r = await list(query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body.error.message).toContain(`«${field}»`);
    }
  });
});

describe('news/get-by-id (route /news/{newsId})', () => {
  it('answers one item with its summary fields and an escaped HTML body', async () => {
    const [first] = (await list({})).body.items;
    const r = await item({ id: String(first.id) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject(first);
    const source = DEMO_NEWS.find((n) => n.title === first.title);
    expect(source).toBeDefined();
    expect(r.body.body_html).toMatch(/^<(p|ul|ol|h3)>/);
    expect(r.body.body_html).not.toMatch(/<script|<style|on\w+=/i);
  });

  it('answers 404 news_not_found for a missing id, and for another variant’s item', async () => {
    const missing = await item({ id: '999999' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('news_not_found');
    const ogoOnly = (await list({ ogo: 'true', limit: '50' })).body.items.find(
      (i: { title: string }) => DEMO_NEWS.find((n) => n.title === i.title)?.variant === 'ogo',
    );
    expect(ogoOnly).toBeDefined();
    expect((await item({ id: String(ogoOnly.id), ogo: 'true' })).status).toBe(200);
    const wrongVariant = await item({ id: String(ogoOnly.id) });
    expect(wrongVariant.status).toBe(404);
    expect(wrongVariant.body.error.code).toBe('news_not_found');
  });

  it('answers 400 naming id for a missing or malformed id', async () => {
    for (const query of [{}, { id: 'abc' }, { id: '0' }, { id: '-3' }, { id: '12345678901' }] as Array<
      Record<string, string>
    >) {
      const r = await item(query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body.error.message).toContain('«id»');
    }
  });
});

describe('news artwork at /media/news/{id}.svg', () => {
  it('is served without the API key, the same bytes every time, as a locked-down SVG', async () => {
    const [first] = (await list({})).body.items;
    const a = await s.app.request(first.image);
    const b = await s.app.request(first.image);
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toContain('image/svg+xml');
    expect(a.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = await a.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/<script|on\w+=/i);
    expect(await b.text()).toBe(svg);
  });

  it('answers 404 for an unknown item or a name that is not {id}.svg', async () => {
    for (const path of [
      '/media/news/999999.svg',
      '/media/news/abc.svg',
      '/media/news/1.png',
      '/media/news/0.svg',
      '/media/news/99999999999.svg',
    ]) {
      expect((await s.app.request(path)).status, path).toBe(404);
    }
  });
});
