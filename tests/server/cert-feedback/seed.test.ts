import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../../server/seed/cert-feedback';
import { createMember, type TestMember } from '../../support/members';
import { TEST_PHONES, makeTestServer, type TestServer } from '../../support/server';
import { addOrder, certToken, feedbackToken } from './support';

describe('cert-feedback seed with the demo member Олена', () => {
  let s: TestServer;
  let olena: TestMember;
  let order: number;
  beforeAll(async () => {
    s = await makeTestServer();
    olena = await createMember(s, { phone: TEST_PHONES[0], firstName: 'Олена' });
    order = await addOrder(s, olena.glo.id);
    await seed(s.deps);
  });
  afterAll(() => s.close());

  it('gives every docs/rules.md#entities category 3 to 5 partners with nominals of 100-1000 UAH', async () => {
    const rows = await s.deps.db.selectFrom('cert_partners').select(['id', 'category_id']).execute();
    for (const id of [1, 2, 4, 5, 6, 7]) {
      const n = rows.filter((r) => r.category_id === id).length;
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
    }
    const nominals = await s.deps.db.selectFrom('cert_nominals').selectAll().execute();
    expect(nominals.every((n) => n.nominal >= 100 && n.nominal <= 1000 && n.xp_price > 0)).toBe(true);
  });

  it('shows her two certificates, her in-store purchases and her feedback with a photo through the calls', async () => {
    const token = await certToken(s, olena);
    const certs = await s.post('/api/cert/get-cert-list', { token }, olena.token);
    expect(certs.body.certificates).toHaveLength(2);
    expect(certs.body.certificates.map((c: { status: string }) => c.status).sort()).toEqual(['active', 'used']);

    const fTok = await feedbackToken(s, olena);
    const offline = await s.post('/api/feedback/get-offline-orders', { token: fTok }, olena.token);
    expect(offline.body.orders.length).toBeGreaterThanOrEqual(3);
    expect(offline.body.showCan).toBe(true);

    const list = await s.post('/api/feedback/get-list', { token: fTok }, olena.token);
    expect(list.body.feedback).toHaveLength(1);
    expect(list.body.feedback[0]).toMatchObject({ orderId: order, rating: 5 });
    const photo = await s.get(
      '/api/feedback/get-photo',
      { id: String(list.body.feedback[0].photos[0].id) },
      olena.token,
    );
    expect(photo.body.mime).toBe('image/png');
    expect(Buffer.from(photo.body.data, 'base64').subarray(1, 4).toString('ascii')).toBe('PNG');

    // Her registration is seeded, so she can buy at once.
    expect(
      (
        await s.post(
          '/api/cert/create',
          { token, partnerId: certs.body.certificates[0].partnerId, nominal: 500 },
          olena.token,
        )
      ).body.error.code,
    ).toBe('insufficient_xp');
  });
});

describe('cert-feedback seed on a database without demo members', () => {
  it('seeds the catalogue and skips what needs Олена', async () => {
    const s = await makeTestServer({ seed: true });
    try {
      const partners = await s.deps.db.selectFrom('cert_partners').select('id').execute();
      expect(partners.length).toBeGreaterThanOrEqual(18);
      const olena = await s.deps.db
        .selectFrom('members')
        .select('id')
        .where('phone', '=', TEST_PHONES[0])
        .executeTakeFirst();
      const certs = await s.deps.db.selectFrom('cert_certificates').select('id').execute();
      // With the auth seed in place she gets two; without it, none and no failure.
      expect(certs).toHaveLength(olena ? 2 : 0);
    } finally {
      await s.close();
    }
  });
});
