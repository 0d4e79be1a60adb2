import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_ACCESS, CONTENT_PAGES } from '../../../src/domain/content/pages';
import { escapeMarkup } from '../../../server/http/escape';
import { FAQ_GLO, FAQ_OGO } from '../../../server/seed/content-pages-faq';
import { SEEDED_PAGES } from '../../../server/seed/content-pages';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { HUGE_ID, engagementServer, verifiedMember } from './support';

let s: TestServer;
let plain: TestMember;
let verified: TestMember;
beforeAll(async () => {
  s = await engagementServer();
  plain = await createMember(s);
  verified = await verifiedMember(s);
});
afterAll(() => s.close());

const page = (id: number, token?: string, ogo?: boolean) =>
  s.post('/api/content/get-page-by-id', ogo === undefined ? { id } : { id, ogo }, token);

/** Splits a FAQ body into its intro and its (title, answer paragraphs) pairs; fails on anything else. */
function faqPairs(html: string): { intro: string | null; pairs: Array<{ title: string; answer: string[] }> } {
  const intro = /^<p>([^<]*)<\/p>/.exec(html);
  let rest = intro ? html.slice(intro[0].length) : html;
  const pairs: Array<{ title: string; answer: string[] }> = [];
  const pair = /^<h3>([^<]*)<\/h3><div>((?:<p>[^<]*<\/p>)+)<\/div>/;
  for (let m = pair.exec(rest); m; m = pair.exec(rest)) {
    pairs.push({ title: m[1] ?? '', answer: [...(m[2] ?? '').matchAll(/<p>([^<]*)<\/p>/g)].map((p) => p[1] ?? '') });
    rest = rest.slice(m[0].length);
  }
  expect(rest, 'nothing but h3/div pairs after the intro').toBe('');
  return { intro: intro?.[1] ?? null, pairs };
}

describe('content/get-page-by-id: FAQ (docs/api.md#content: h3 titles and div answers)', () => {
  it('answers the glo FAQ as h3 questions each followed by its div answer, in order', async () => {
    const r = await page(CONTENT_PAGES.faq, plain.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: CONTENT_PAGES.faq, title: 'Часті питання' });
    const { intro, pairs } = faqPairs(r.body.body_html);
    expect(intro).toBe(escapeMarkup(FAQ_GLO.kind === 'faq' ? (FAQ_GLO.intro ?? '') : ''));
    expect(FAQ_GLO.kind).toBe('faq');
    if (FAQ_GLO.kind !== 'faq') return;
    expect(pairs.map((p) => p.title)).toEqual(FAQ_GLO.items.map((i) => escapeMarkup(i.q)));
    expect(pairs.map((p) => p.answer)).toEqual(FAQ_GLO.items.map((i) => i.a.map(escapeMarkup)));
    expect(r.body.body_html.match(/<h3>/g)).toHaveLength(FAQ_GLO.items.length);
  });

  it('answers the ogo version for {product} true, and the common version where a page has no ogo one', async () => {
    const ogo = await page(CONTENT_PAGES.faq, plain.token, true);
    expect(ogo.status).toBe(200);
    if (FAQ_OGO.kind !== 'faq') throw new Error('ogo FAQ is a FAQ');
    expect(faqPairs(ogo.body.body_html).pairs.map((p) => p.title)).toEqual(FAQ_OGO.items.map((i) => escapeMarkup(i.q)));
    const glo = await page(CONTENT_PAGES.subscriptionFaq, plain.token, false);
    const common = await page(CONTENT_PAGES.subscriptionFaq, plain.token, true);
    expect(common.status).toBe(200);
    expect(common.body).toEqual(glo.body);
    expect(faqPairs(common.body.body_html).pairs.length).toBeGreaterThan(3);
  });

  it('serves every configured page that the member may read', async () => {
    for (const [key, id] of Object.entries(CONTENT_PAGES)) {
      const r = await page(id, verified.token);
      expect(r.status, key).toBe(200);
      expect(r.body.body_html.length, key).toBeGreaterThan(50);
      expect(
        SEEDED_PAGES.some((p) => p.id === id),
        key,
      ).toBe(true);
    }
  });
});

describe('content/get-page-by-id: who may read what (docs/rules.md#screens, docs/rules.md#roles)', () => {
  it('gives the user agreement to anyone with the API key, every other page to members only', async () => {
    for (const [key, id] of Object.entries(CONTENT_PAGES)) {
      const anonymous = await page(id);
      const access = CONTENT_ACCESS[key as keyof typeof CONTENT_PAGES];
      expect(anonymous.status, key).toBe(access === 'public' ? 200 : 401);
      const dead = await page(id, 'no-such-session');
      expect(dead.status, key).toBe(access === 'public' ? 200 : 401);
    }
  });

  it('gives the club rules to age-verified members only (403 age_not_verified), per variant', async () => {
    const refused = await page(CONTENT_PAGES.clubRules, plain.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('age_not_verified');
    expect((await page(CONTENT_PAGES.clubRules, verified.token)).status).toBe(200);
    expect((await page(CONTENT_PAGES.clubRules, verified.token, true)).status).toBe(200);
    // Verified on glo only: the ogo record has neither the tag nor the verification metafield.
    const gloOnly = await createMember(s, { tags: ['pwa_user', 'age_verified'] });
    await s.deps.db.updateTable('customers').set({ tags: '["pwa_user"]' }).where('id', '=', gloOnly.ogo.id).execute();
    expect((await page(CONTENT_PAGES.clubRules, gloOnly.token)).status).toBe(200);
    expect((await page(CONTENT_PAGES.clubRules, gloOnly.token, true)).status).toBe(403);
  });
});

describe('content/get-page-by-id: bad requests', () => {
  it('answers 404 page_not_found for an id that names no page, however large', async () => {
    for (const id of [1, 999, 1099, HUGE_ID]) {
      const r = await page(id, plain.token);
      expect(r.status, String(id)).toBe(404);
      expect(r.body.error.code).toBe('page_not_found');
    }
  });

  it('answers 404 for a configured page that has no stored version', async () => {
    await s.deps.db.deleteFrom('content_pages').where('page_id', '=', CONTENT_PAGES.verificationHelp).execute();
    const r = await page(CONTENT_PAGES.verificationHelp, plain.token);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('page_not_found');
  });

  it('answers 400 naming the field for a bad id or flag, and 400 bad_json for broken JSON', async () => {
    for (const [body, field] of [
      [{ id: '1001' }, 'id'],
      [{ id: 0 }, 'id'],
      [{ id: -1001 }, 'id'],
      [{ id: 1001.5 }, 'id'],
      [{}, 'id'],
      [{ id: 1001, ogo: 'yes' }, 'ogo'],
    ] as const) {
      const r = await s.post('/api/content/get-page-by-id', body, plain.token);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toContain(`«${field}»`);
    }
    const broken = await s.post('/api/content/get-page-by-id', '{"id": 1001', plain.token);
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('bad_json');
    expect((await s.post('/api/content/get-page-by-id', '[1001]', plain.token)).status).toBe(400);
  });

  it('escapes whatever text is stored: no markup of its own reaches the app', async () => {
    const evil = {
      kind: 'faq',
      items: [{ q: '<script>alert(1)</script>', a: ['<img src=x onerror="alert(2)">', 'Ок & добре'] }],
    };
    await s.deps.db
      .updateTable('content_pages')
      .set({ body: JSON.stringify(evil) })
      .where('page_id', '=', CONTENT_PAGES.gloStudio)
      .execute();
    const r = await page(CONTENT_PAGES.gloStudio, plain.token);
    expect(r.status).toBe(200);
    expect(r.body.body_html).toBe(
      '<h3>&lt;script&gt;alert(1)&lt;/script&gt;</h3><div><p>&lt;img src=x onerror=&quot;alert(2)&quot;&gt;</p><p>Ок &amp; добре</p></div>',
    );
  });
});
