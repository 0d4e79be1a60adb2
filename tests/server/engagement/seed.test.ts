import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '../../../src/domain/content/pages';
import { DEMO_NEWS } from '../../../server/seed/content-news';
import { SEEDED_PAGES } from '../../../server/seed/content-pages';
import { DEMO_TERMS } from '../../../server/seed/content-vocabulary';
import { DEMO_PLANS, seed } from '../../../server/seed/engagement';
import { DEMO_STAGES } from '../../../server/seed/engagement-marathon';
import { DEMO_STORES } from '../../../server/seed/engagement-stores';
import { signInWithSms } from '../../support/auth';
import { TEST_PHONES, makeTestServer, type TestServer } from '../../support/server';

let s: TestServer;
let olena: string;
let andrii: string;
beforeAll(async () => {
  s = await makeTestServer({ seed: true });
  olena = (await signInWithSms(s, TEST_PHONES[0])).token;
  andrii = (await signInWithSms(s, TEST_PHONES[1])).token;
});
afterAll(() => s.close());

/** The tables the engagement seed fills. */
const SEEDED = [
  'content_pages',
  'news',
  'vocabulary_terms',
  'subscription_plans',
  'marathons',
  'marathon_questions',
  'brand_stores',
] as const;

const count = async (table: (typeof SEEDED)[number]) =>
  Number(
    (
      await s.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The rows of each seeded table, in SEEDED's order. */
const seededCounts = () => Promise.all(SEEDED.map(count));

describe('engagement seed of the demo server', () => {
  it('stores every configured content page, the FAQ in a glo and an ogo version', async () => {
    const rows = await s.deps.db.selectFrom('content_pages').select(['page_id', 'variant']).execute();
    expect(new Set(rows.map((r) => r.page_id))).toEqual(new Set(Object.values(CONTENT_PAGES)));
    expect(
      rows
        .filter((r) => r.page_id === CONTENT_PAGES.faq)
        .map((r) => r.variant)
        .sort(),
    ).toEqual(['glo', 'ogo']);
    expect(rows).toHaveLength(SEEDED_PAGES.length);
  });

  it('lets Олена (age verified) read the club rules and Андрій (not verified) not', async () => {
    expect((await s.post('/api/content/get-page-by-id', { id: CONTENT_PAGES.clubRules }, olena)).status).toBe(200);
    expect(
      (await s.post('/api/content/get-page-by-id', { id: CONTENT_PAGES.clubRules, ogo: true }, olena)).status,
    ).toBe(200);
    expect((await s.post('/api/content/get-page-by-id', { id: CONTENT_PAGES.clubRules }, andrii)).status).toBe(403);
    expect((await s.get('/api/subscription/get-state', {}, olena)).body.ageVerified).toBe(true);
  });

  it('keeps Олена’s own invite code', async () => {
    const r = await s.get('/api/invite/get-promo-code', {}, olena);
    expect(r.body).toEqual({ msg: 'ok', consumer: { memberGetMemberCode: 'REW-OLENA7' } });
  });

  it('publishes news, the dictionary, plans, a running marathon and the brand stores', async () => {
    const news = await s.get('/api/news/get-list', { limit: '50' }, olena);
    expect(news.body.total).toBe(DEMO_NEWS.filter((n) => n.variant !== 'ogo').length);
    expect(news.body.items[0].date.slice(0, 10)).toBe(
      new Date(s.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10),
    );
    expect(
      (await s.get('/api/vocabulary/get-terms', {}, olena)).body.sections.map((x: { count: number }) => x.count),
    ).toEqual([DEMO_TERMS.general.length, DEMO_TERMS.velo.length, DEMO_TERMS['ogo-club'].length]);
    expect((await s.get('/api/subscription/get-plans', {}, olena)).body.plans.length).toBeGreaterThanOrEqual(2);
    expect(
      (await s.get('/api/subscription/get-plans', { ogo: 'true' }, olena)).body.plans.length,
    ).toBeGreaterThanOrEqual(2);
    const marathon = (await s.get('/api/marathon/get-current', { ogo: 'true' }, olena)).body.marathon;
    expect(marathon.status).toBe('running');
    expect(marathon.stages.filter((st: { status: string }) => st.status !== 'upcoming')).toHaveLength(2);
    expect((await s.get('/api/stores/get-list', {}, olena)).body.stores).toHaveLength(DEMO_STORES.length);
  });

  it('gives every seeded question a right option among its options and some XP', async () => {
    for (const stage of DEMO_STAGES) {
      for (const [text, options, right, xp] of stage.questions) {
        expect(options[right], text).toBeDefined();
        expect(xp, text).toBeGreaterThan(0);
      }
    }
  });

  it('adds nothing when run again', async () => {
    const before = await seededCounts();
    await seed(s.deps);
    const after = await seededCounts();
    expect(after).toEqual(before);
    expect(before[SEEDED.indexOf('subscription_plans')]).toBe(DEMO_PLANS.length);
  });
});
