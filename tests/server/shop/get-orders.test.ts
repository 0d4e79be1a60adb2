import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { KYIV_IPOST, orderBody, placeOrder, product, withCatalogue } from './support';
import { insertOrder } from '../../support/orders';

let s: TestServer;
let a: TestMember;
let b: TestMember;
const placed: number[] = [];
let mixId: number;
beforeAll(async () => {
  s = await makeTestServer();
  await withCatalogue(s);
  a = await createMember(s, { tags: ['pwa_user', 'age_verified'], ogoXp: 1000 });
  b = await createMember(s);
  const amber = await product(s, 'sticks-amber-20');
  const mix = await product(s, 'sticks-mix-fresh');
  mixId = mix.id;
  const r1 = await placeOrder(s, a, orderBody([{ variant_id: amber.variant_id, quantity: 2 }]));
  s.clock.advance(60_000);
  const r2 = await placeOrder(
    s,
    a,
    orderBody([{ variant_id: mix.variant_id, quantity: 3 }, { variant_id: amber.variant_id }], { payment: 2 }),
  );
  s.clock.advance(60_000);
  const r3 = await placeOrder(s, a, orderBody([{ variant_id: mix.variant_id }], { payment: 2 }));
  placed.push(r1.body.order.id, r2.body.order.id, r3.body.order.id);
  // The third one's card payment was declined: its tasting set does not count.
  await s.deps.db
    .updateTable('orders')
    .set({ financial_status: 'failed' })
    .where('id', '=', r3.body.order.id)
    .execute();
  const pouch = await product(s, 'ogo-velo-polar');
  await placeOrder(s, a, orderBody([{ variant_id: pouch.variant_id }], { ogo: true, delivery: KYIV_IPOST }));
});
afterAll(() => s.close());

const history = (m: TestMember, body: unknown) => s.post('/api/api-shop/get-orders', body, m.token);

describe('get-orders: the purchase history of the member’s own record (docs/api.md#orders)', () => {
  it('answers the orders of the record, newest first, with lines, delivery and totals', async () => {
    const r = await history(a, { variant: 'glo', shopifyId: a.glo.id });
    expect(r.status).toBe(200);
    expect(r.body.list.map((o: { id: number }) => o.id)).toEqual([...placed].reverse());
    const oldest = r.body.list[2];
    expect(oldest).toMatchObject({
      financial_status: 'pending',
      fulfillment_status: null,
      shipment_status: null,
      payment_method: 1,
      subtotal: 210,
      discount: 0,
      total: 210,
      xp_total: 0,
      shipping_option: 1,
      tags: ['PWA', 'pwa_order'],
      delivery: { method: 1, city: 'Київ', address: 'Відділення №12: вул. Хрещатик, 22' },
    });
    expect(oldest.lines).toEqual([
      expect.objectContaining({
        title: 'Стіки glo «Класичний тютюн»',
        quantity: 2,
        price: 105,
        bonuses: 0,
        image: expect.stringMatching(/^\/media\/products\/\d+\.webp$/),
      }),
    ]);
  });

  it('names the variant’s tasting sets and counts the ones ordered, leaving out failed orders', async () => {
    const r = await history(a, { variant: 'glo', shopifyId: a.glo.id });
    expect(r.body.mixPackIds).toContain(mixId);
    expect(r.body.mixPackIds).toHaveLength(2);
    expect(r.body.mixQuant).toBe(3);
    const ogo = await history(a, { variant: 'ogo', shopifyId: a.ogo.id });
    expect(ogo.body.list).toHaveLength(1);
    expect(ogo.body.list[0].tags).toContain('iPost');
    expect(ogo.body.mixPackIds.length).toBeGreaterThanOrEqual(3);
    expect(ogo.body.mixQuant).toBe(0);
  });

  it('shows a delivered order as delivered', async () => {
    await s.deps.db
      .updateTable('orders')
      .set({ fulfillment_status: 'fulfilled', shipment_status: 'in_transit' })
      .where('id', '=', placed[0]!)
      .execute();
    const r = await history(a, { variant: 'glo', shopifyId: a.glo.id });
    expect(r.body.list[2]).toMatchObject({ fulfillment_status: 'fulfilled', shipment_status: 'delivered' });
  });

  it('answers an empty history for a record without orders', async () => {
    const r = await history(b, { variant: 'ogo', shopifyId: b.ogo.id });
    expect(r.body).toMatchObject({ list: [], mixQuant: 0 });
  });

  it('does not let member B read member A’s orders: 403, and 404 for no such record', async () => {
    const r = await history(b, { variant: 'glo', shopifyId: a.glo.id });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('not_owner');
    expect((await history(b, { variant: 'glo', shopifyId: 999_999 })).status).toBe(404);
    expect((await s.post('/api/api-shop/get-orders', { variant: 'glo', shopifyId: a.glo.id })).status).toBe(401);
  });

  it('refuses a variant that is not the record’s (422) and bad input (400 naming the field)', async () => {
    expect((await history(a, { variant: 'ogo', shopifyId: a.glo.id })).status).toBe(422);
    for (const [body, field] of [
      [{ variant: 'velo', shopifyId: a.glo.id }, 'variant'],
      [{ variant: 'glo' }, 'shopifyId'],
      [{ variant: 'glo', shopifyId: '1' }, 'shopifyId'],
    ] as const) {
      const r = await history(a, body);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toContain(`«${field}»`);
    }
  });

  it('reads orders written by other groups’ fixtures without a payload', async () => {
    await insertOrder(s, b.glo.id, { order_number: 55_555, fulfillment_status: 'fulfilled' });
    const r = await history(b, { variant: 'glo', shopifyId: b.glo.id });
    expect(r.body.list[0]).toMatchObject({
      order_number: 55_555,
      total: 459,
      subtotal: 459,
      lines: [],
      shipment_status: 'delivered',
    });
  });
});
