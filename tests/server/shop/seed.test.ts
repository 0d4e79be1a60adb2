import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../src/domain/catalogue/catalogue';
import { seed } from '../../../server/seed/shop';
import { TEST_PHONES, makeTestServer, type TestServer } from '../../support/server';

describe('the shop seed on the full demo database', () => {
  let s: TestServer;
  let token: string;
  let glo: number;
  let ogo: number;
  beforeAll(async () => {
    s = await makeTestServer({ seed: true });
    const r = await s.post('/api/api-auth/test-login', { phone: TEST_PHONES[0] });
    token = r.body.token;
    glo = r.body.customer.id;
    ogo = r.body.ogo_customer_id;
    // The whole demo seed runs here: on PostgreSQL under a loaded CI machine it takes seconds.
  }, 60_000);
  afterAll(() => s.close());

  it('has at least ten products in every category of both variants, some sold out, with drawings', async () => {
    for (const c of CATEGORIES) {
      const r = await s.post(
        '/api/api-shop/get-products-by-collection',
        { collectionId: c.collectionId, ogo: c.variant === 'ogo' },
        token,
      );
      expect(r.status, c.slug).toBe(200);
      expect(r.body.products.length, c.slug).toBeGreaterThanOrEqual(10);
    }
    const all = await s.deps.db
      .selectFrom('products')
      .select(['id', 'variant', 'tags', 'available', 'xp_price', 'price', 'category'])
      .execute();
    expect(all.filter((p) => p.available === 0).length).toBeGreaterThanOrEqual(CATEGORIES.length - 1);
    const tagged = (t: string) => all.filter((p) => (JSON.parse(p.tags) as string[]).includes(t));
    expect(tagged('velo').every((p) => p.variant === 'ogo')).toBe(true);
    expect(tagged('velo_gift').length).toBeGreaterThanOrEqual(1);
    expect(tagged('mix_pack').length).toBeGreaterThanOrEqual(4);
    expect(tagged('ipost_allow').length).toBeGreaterThan(20);
    expect(tagged('ipost_allow').length).toBeLessThan(all.length / 2);
    expect(all.filter((p) => p.category.endsWith('bonus')).every((p) => p.price === 0 && (p.xp_price ?? 0) > 0)).toBe(
      true,
    );
    const picture = await s.app.request(`/media/products/${all[0]?.id}.webp`);
    expect(picture.status).toBe(200);
  });

  it('gives Олена orders of every kind in glo and a couple in ogo, through get-orders', async () => {
    const g = await s.post('/api/api-shop/get-orders', { variant: 'glo', shopifyId: glo }, token);
    expect(g.status).toBe(200);
    const list = g.body.list as Array<{
      payment_method: number;
      financial_status: string;
      shipment_status: string | null;
      created_at: string;
      lines: unknown[];
      refunds?: Array<{ status: string }>;
    }>;
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.some((o) => o.payment_method === 1)).toBe(true);
    expect(list.some((o) => o.payment_method === 2 && o.financial_status === 'paid')).toBe(true);
    expect(list.some((o) => o.payment_method === 3 && o.financial_status === 'paid')).toBe(true);
    // One card order still waits for payment, so the sandbox checkout can be tried.
    expect(list.some((o) => o.payment_method === 2 && o.financial_status === 'pending')).toBe(true);
    // One card order was paid twice, the second payment given back («Повернуто» in the history).
    const refunded = (l: Array<{ financial_status: string; refunds?: Array<{ status: string }> }>) =>
      l.filter((o) => o.financial_status === 'paid' && o.refunds?.[0]?.status === 'refunded');
    expect(list.every((o) => o.lines.length > 0)).toBe(true);
    expect([...list].sort((x, y) => y.created_at.localeCompare(x.created_at))).toEqual(list);
    const o = await s.post('/api/api-shop/get-orders', { variant: 'ogo', shopifyId: ogo }, token);
    expect(o.body.list.length).toBeGreaterThanOrEqual(2);
    expect(o.body.list.some((x: { tags: string[] }) => x.tags.includes('iPost'))).toBe(true);
    expect(refunded(list)).toHaveLength(1);
    expect(refunded(o.body.list)).toHaveLength(1);
    // The scan-delivery seed booked the courier for her iPost order on its way.
    expect(await s.deps.db.selectFrom('ipost_requests').select('id').execute()).toHaveLength(1);
  });

  it('gives her an XP history and a glo balance of a few thousand', async () => {
    const h = await s.get('/api/get-bonus-history', {}, token);
    const reasons = new Set(h.body.transactions.map((t: { reason: string }) => t.reason));
    for (const r of ['welcome', 'referral', 'device', 'order', 'scan']) expect(reasons, r).toContain(r);
    expect(h.body.summary.balance).toBeGreaterThanOrEqual(2000);
    expect(h.body.summary.balance).toBeLessThan(10_000);
    expect((await s.get('/api/get-balance', {}, token)).body.balance).toBe(h.body.summary.balance);
    expect(h.body.summary.earned - h.body.summary.spent).toBe(h.body.summary.balance);
  });

  it('her ledger reads in date order: each line’s balance is the one before plus its amount, never below zero, the newest the balance itself', async () => {
    for (const shop of ['glo', 'ogo'] as const) {
      const h = await s.get('/api/get-bonus-history', { shop }, token);
      const lines = [...(h.body.transactions as Array<{ amount: number; balance_after: number }>)].reverse();
      expect(lines.length, shop).toBeGreaterThan(5);
      let before = 0;
      for (const l of lines) {
        expect(l.balance_after, shop).toBe(before + l.amount);
        expect(l.balance_after, shop).toBeGreaterThanOrEqual(0);
        before = l.balance_after;
      }
      expect(before, shop).toBe(h.body.summary.balance);
    }
  });

  it('her friends’ XP is read from her ledgers: «earned» is the sum of the referral lines, one friend’s unpaid pre-order still pending', async () => {
    const r = await s.get('/api/user/get-referrals', {}, token);
    expect(r.status).toBe(200);
    const sums = { glo: 0, ogo: 0 };
    const pending: Array<{ amount: number; title: string }> = [];
    for (const shop of ['glo', 'ogo'] as const) {
      const h = await s.get('/api/get-bonus-history', { shop }, token);
      for (const t of h.body.transactions as Array<{ amount: number; reason: string }>)
        if (t.reason === 'referral') sums[shop] += t.amount;
      pending.push(...h.body.pending);
    }
    expect(sums.glo).toBeGreaterThan(0);
    expect(r.body.earned).toEqual(sums);
    expect(pending).toEqual([
      expect.objectContaining({ amount: 300, title: 'Запрошений друг Ірина зробив перше замовлення' }),
    ]);
    expect(r.body.pending).toBe(300);
    const brought = (r.body.referrals as Array<{ xp: number }>).reduce((n, f) => n + f.xp, 0);
    // What each friend brought, and the milestone bonuses besides, make the ledger's figure.
    expect(brought).toBeLessThanOrEqual(sums.glo);
    expect(brought % 300).toBe(0);
  });

  it('gives her registered devices and favourites in the shape the app reads', async () => {
    const d = await s.get('/api/get-devices', {}, token);
    expect(d.body.data.asset.length).toBeGreaterThanOrEqual(2);
    expect((await s.get('/api/get-devices', { ogo: 'true' }, token)).body.data.asset.length).toBeGreaterThanOrEqual(1);
    const m = await s.post('/api/user/get-metafields', { id: glo }, token);
    const fav = m.body.metafields.find(
      (f: { namespace: string; key: string }) => f.namespace === 'pwa' && f.key === 'favorites',
    );
    expect(fav.type).toBe('json');
    const ids = JSON.parse(fav.value) as number[];
    expect(ids.length).toBeGreaterThanOrEqual(3);
    for (const id of ids) expect((await s.post('/api/api-shop/get-product-by-id', { id }, token)).status).toBe(200);
  });

  it('gives Андрій, who is not age-verified, a pre-order', async () => {
    const r = await s.post('/api/api-auth/test-login', { phone: TEST_PHONES[1] });
    const list = await s.post(
      '/api/api-shop/get-orders',
      { variant: 'glo', shopifyId: r.body.customer.id },
      r.body.token,
    );
    expect(list.body.list[0].tags).toContain('pre-order');
  });

  it('running again changes nothing', async () => {
    const before = await s.deps.db.selectFrom('orders').select('id').execute();
    await seed(s.deps);
    expect(await s.deps.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
  });
});

describe('the shop seed without demo members', () => {
  it('seeds the catalogue alone', async () => {
    const s = await makeTestServer({ env: { TEST_PHONES: '380509999999' } });
    try {
      await seed(s.deps);
      expect((await s.deps.db.selectFrom('products').select('id').execute()).length).toBeGreaterThanOrEqual(130);
      expect(await s.deps.db.selectFrom('orders').select('id').execute()).toHaveLength(0);
    } finally {
      await s.close();
    }
  });
});
