import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../../../src/domain/content/pages';
import { SEEDED_PAGES } from '../../../server/seed/content-pages';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { engagementServer } from './support';

let s: TestServer;
let m: TestMember;
beforeAll(async () => {
  s = await engagementServer({ env: { OGO_HOST: 'club.ogo.test' } });
  m = await createMember(s);
});
afterAll(() => s.close());

const page = (id: number, token?: string, ogo?: boolean) =>
  s.post('/api/content/get-page-by-id', ogo ? { id, ogo } : { id }, token);

describe('the pages the navigation (docs/rules.md#screens) names without paths, and where to buy (content/get-page-by-id)', () => {
  it('answers each configured page of the offers with its text, and the variant’s own version where it has one', async () => {
    for (const key of ['goBuy', 'inviteOffer', 'veloPromo', 'testDrive', 'veloTestDrive', 'whyOgo'] as const) {
      const r = await page(CONTENT_PAGES[key], m.token);
      expect(r.status, key).toBe(200);
      expect(r.body.body_html, key).toMatch(/^<h3>/);
    }
    const glo = await page(CONTENT_PAGES.goBuy, m.token);
    const ogo = await page(CONTENT_PAGES.goBuy, m.token, true);
    expect(glo.body.body_html).toContain('glo.ua');
    expect(ogo.body.body_html).toContain('ogo.ua');
    expect(ogo.body.body_html).not.toContain('glo-studio');
  });

  it('why-ogo is readable before signing in (from the landing); the others need a member', async () => {
    expect((await page(CONTENT_PAGES.whyOgo)).status).toBe(200);
    for (const key of ['goBuy', 'inviteOffer', 'veloPromo', 'testDrive', 'veloTestDrive'] as const) {
      expect((await page(CONTENT_PAGES[key])).status, key).toBe(401);
    }
  });

  it('a database not seeded gets these pages from migration 014; a page deleted later stays withdrawn', async () => {
    const bare = await makeTestServer();
    try {
      const member = await createMember(bare);
      const r = await bare.post('/api/content/get-page-by-id', { id: CONTENT_PAGES.testDrive }, member.token);
      expect(r.status).toBe(200);
      expect(r.body.title).toBe(
        SEEDED_PAGES.find((p) => p.id === CONTENT_PAGES.testDrive && p.variant === 'glo')!.title,
      );
      // The first release's pages come from the seed only.
      expect((await bare.post('/api/content/get-page-by-id', { id: CONTENT_PAGES.faq }, member.token)).status).toBe(
        404,
      );
      await bare.deps.db.deleteFrom('content_pages').where('page_id', '=', CONTENT_PAGES.testDrive).execute();
      expect(
        (await bare.post('/api/content/get-page-by-id', { id: CONTENT_PAGES.testDrive }, member.token)).status,
      ).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('GET /manifest.json (docs/rules.md#screens "Install"): the brand of the host, or the one asked for', () => {
  const manifest = async (headers: Record<string, string> = {}, query = '') => {
    const r = await s.app.request(`/manifest.json${query}`, { headers });
    return {
      status: r.status,
      type: r.headers.get('content-type'),
      cache: r.headers.get('cache-control'),
      body: (await r.json()) as { name: string; short_name: string; start_url: string; icons: unknown[] },
    };
  };

  it('is «Клуб glo» on any host but the ogo one, with no API key needed and always revalidated', async () => {
    const r = await manifest({ host: 'club.glo.test' });
    expect(r.status).toBe(200);
    expect(r.type).toContain('application/manifest+json');
    expect(r.cache).toBe('no-cache');
    expect(r.body.short_name).toBe('Клуб glo');
    expect(r.body.icons.length).toBeGreaterThan(0);
  });

  it('is «Клуб ogo» on the ogo host (OGO_HOST), and for ?brand=ogo on any host', async () => {
    expect((await manifest({ host: 'club.ogo.test' })).body).toMatchObject({
      short_name: 'Клуб ogo',
      name: 'Клуб ogo — бонуси, магазин і сканування',
    });
    expect((await manifest({ host: 'club.glo.test' }, '?brand=ogo')).body.short_name).toBe('Клуб ogo');
    expect((await manifest({ host: 'club.ogo.test' }, '?brand=glo')).body.short_name).toBe('Клуб glo');
    expect((await manifest({ host: 'club.glo.test' }, '?brand=velo')).body.short_name).toBe('Клуб glo');
    expect(JSON.stringify((await manifest({ host: 'club.ogo.test' })).body)).not.toContain('glo');
  });
});
