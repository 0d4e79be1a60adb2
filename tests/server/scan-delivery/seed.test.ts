import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../../server/seed/scan-delivery';
import { DEMO_CODE_COUNT } from '../../../server/seed/scan-products';
import { createMember, type TestMember } from '../../support/members';
import { TEST_PHONES, makeTestServer, type TestServer, PRODUCTION_ENV } from '../../support/server';
import { addOrder } from './support';

describe('scan-delivery seed with the demo member Олена', () => {
  let s: TestServer;
  let olena: TestMember;
  let order: number;
  beforeAll(async () => {
    s = await makeTestServer();
    olena = await createMember(s, { phone: TEST_PHONES[0], firstName: 'Олена', xp: 300, ogoXp: 40 });
    order = await addOrder(s, olena.ogo.id);
    s.clock.advance(60_000);
    // A newer order going by the carrier gets no courier.
    await addOrder(s, olena.ogo.id, { tags: ['PWA'] });
    await seed(s.deps);
  });
  afterAll(() => s.close());

  it(`prints ${DEMO_CODE_COUNT} unused demo codes of both variants, each with its XP`, async () => {
    const codes = await s.deps.db.selectFrom('scan_codes').selectAll().where('batch', 'like', 'demo-%').execute();
    expect(codes).toHaveLength(DEMO_CODE_COUNT);
    expect(DEMO_CODE_COUNT).toBe(300);
    expect(codes.every((c) => c.used_at === null && c.xp > 0)).toBe(true);
    expect(new Set(codes.map((c) => c.variant))).toEqual(new Set(['glo', 'ogo']));
    expect(new Set(codes.map((c) => c.code)).size).toBe(300);
  });

  it('gives her months of scans of both variants with their XP, and a consultant', async () => {
    const glo = await s.post('/api/scan/get-history', { offset: 0 }, olena.token);
    const ogo = await s.post('/api/scan/get-history', { offset: 0, ogo: true }, olena.token);
    expect(glo.body.total).toBe(45);
    expect(ogo.body.total).toBe(11);
    const months = new Set(glo.body.items.map((i: { date: string }) => i.date.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(2);
    const all = await s.deps.db
      .selectFrom('scan_codes')
      .select('used_at')
      .where('used_by', '=', olena.glo.id)
      .execute();
    expect(new Set(all.map((r) => r.used_at?.slice(0, 7))).size).toBe(5);
    const balance = await s.get('/api/scan/get-full-balance', {}, olena.token);
    expect(balance.body.glo).toBe(300 + glo.body.coinCount);
    expect(balance.body.ogo).toBe(40 + ogo.body.coinCount);
    const percent = await s.get('/api/scan/get-scan-percent', {}, olena.token);
    expect(percent.body).toMatchObject({ count: 6, percent: 60, managerAdded: true });
    expect((await s.post('/api/scan/get-scan-count', { date_start: '2026-10-01' }, olena.token)).body.count).toBe(11);
  });

  it('books the courier only for her order marked iPost that is still on its way', async () => {
    const rows = await s.deps.db.selectFrom('ipost_requests').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ order_id: order, city: 'Київ', delivery_date: '2026-11-24', status: 'scheduled' });
  });

  it('shows the unused codes on the printable page and as JSON, used ones not', async () => {
    const code = (
      await s.deps.db.selectFrom('scan_codes').select('code').where('batch', 'like', 'demo-%').executeTakeFirstOrThrow()
    ).code;
    expect((await s.post('/api/scan/scan-code', { code }, olena.token)).status).toBe(200);
    const json = await s.get('/dev/scan-codes.json');
    expect(json.status).toBe(200);
    expect(json.body.codes).toHaveLength(299);
    expect(json.body.codes.some((c: { code: string }) => c.code === code)).toBe(false);
    expect(json.body.codes[0]).toMatchObject({
      code: expect.any(String),
      variant: expect.any(String),
      xp: expect.any(Number),
      product: expect.any(String),
    });
    const ogo = await s.get('/dev/scan-codes.json', { variant: 'ogo', limit: '5' });
    expect(ogo.body.codes).toHaveLength(5);
    expect(ogo.body.codes.every((c: { variant: string }) => c.variant === 'ogo')).toBe(true);

    const page = await s.app.request('/dev/scan-codes?variant=glo&limit=12');
    expect(page.status).toBe(200);
    const html = await page.text();
    // Twelve codes and the two demo consultants' badges.
    expect(html.match(/<svg/g)).toHaveLength(14);
    expect(html).toContain('Консультант KV-0417');
    expect(html).toContain('XP');
    expect(html).not.toContain(code);
    expect((await s.get('/dev/scan-codes.json', { variant: 'velo' })).status).toBe(400);
  });
});

describe('scan-delivery seed on a database without demo members', () => {
  it('seeds the codes and the carrier, and skips what needs Олена', async () => {
    const s = await makeTestServer({ seed: true });
    try {
      const codes = await s.deps.db.selectFrom('scan_codes').select('id').execute();
      const olena = await s.deps.db
        .selectFrom('members')
        .select('id')
        .where('phone', '=', TEST_PHONES[0])
        .executeTakeFirst();
      // With the auth seed in place she has her history; without it only the demo batch exists.
      expect(codes.length).toBe(olena ? 300 + 56 : 300);
      const cities = await s.deps.db.selectFrom('np_cities').select('id').execute();
      expect(cities.length).toBeGreaterThanOrEqual(31);
      const branches = await s.deps.db.selectFrom('np_branches').select('id').execute();
      expect(branches.length).toBeGreaterThanOrEqual(6 * 10 + 25 * 3);
    } finally {
      await s.close();
    }
  });
});

describe('the demo codes page outside production only', () => {
  it('is not there in production', async () => {
    const s = await makeTestServer({ env: { ...PRODUCTION_ENV, CHECK_RESPONSES: 'true' } });
    try {
      expect((await s.app.request('/dev/scan-codes')).status).toBe(404);
      expect((await s.app.request('/dev/scan-codes.json')).status).toBe(404);
    } finally {
      await s.close();
    }
  });
});
