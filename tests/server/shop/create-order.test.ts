import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, verifyOgoRecord, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { catalogueServer, customerRow, KYIV_IPOST, orderBody, ordersOf, placeOrder, product } from './support';
import type { CatalogueItem } from './support';

let s: TestServer;
let verified: TestMember;
let amber: CatalogueItem;
beforeAll(async () => {
  ({ s, amber } = await catalogueServer({ amber: 'sticks-amber-20' }));
  verified = await createMember(s, { tags: ['pwa_user', 'age_verified'] });
});
afterAll(() => s.close());

const adult = () => createMember(s, { tags: ['pwa_user', 'age_verified'] });

describe('create-order prices from the server’s catalogue (docs/rules.md#entities, docs/rules.md#states, docs/rules.md#constants)', () => {
  it('places a cash order at catalogue prices, whatever prices the app sent', async () => {
    const m = await adult();
    const r = await placeOrder(
      s,
      m,
      orderBody([{ variant_id: amber.variant_id, quantity: 2, price: '0.01' }], { payment: 1 }),
    );
    expect(r.status).toBe(200);
    expect(r.body.order).toMatchObject({
      financial_status: 'pending',
      payment_method: 1,
      total: 210,
      xp_total: 0,
      shipping_option: 1,
      tags: ['PWA', 'pwa_order'],
    });
    expect(r.body.order.order_number).toBeGreaterThanOrEqual(10_231);
    const [row] = await ordersOf(s, m.glo.id);
    expect(row).toMatchObject({
      id: r.body.order.id,
      total: 21_000,
      subtotal: 21_000,
      discount: 0,
      delivery_method: 1,
      delivery_city: 'Київ',
    });
    const lines = await s.deps.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', r.body.order.id)
      .execute();
    expect(lines).toEqual([
      expect.objectContaining({ variant_id: amber.variant_id, quantity: 2, price: 10_500, xp_price: 0 }),
    ]);
    const rec = await customerRow(s, m.glo.id);
    expect(rec.orders_count).toBe(1);
    expect(rec.total_spent).toBe(21_000);
  });

  it('stores the Shopify-shaped payload of docs/rules.md#entities with the recipient, shipping line and gateway', async () => {
    const m = await adult();
    const r = await placeOrder(
      s,
      m,
      orderBody([{ variant_id: amber.variant_id, quantity: 4 }], {
        payment: 2,
        order: {
          line_items: [{ variant_id: amber.variant_id, quantity: 4 }],
          shipping_address: { first_name: 'Ірина', phone: '050 123 45 67' },
          note: 'Після 18:00',
        },
      }),
    );
    expect(r.status).toBe(200);
    // 420 UAH passes the glo threshold of 399: free shipping, option 2.
    expect(r.body.order).toMatchObject({ payment_method: 2, shipping_option: 2, total: 420 });
    const row = (await ordersOf(s, m.glo.id))[0];
    const payload = JSON.parse(row?.payload ?? '{}');
    expect(payload).toMatchObject({
      line_items: [{ quantity: 4, variant_id: amber.variant_id, price: '105.00' }],
      customer: { id: m.glo.id },
      tags: 'PWA, pwa_order',
      fulfillment_status: null,
      financial_status: 'pending',
      shipping_address: {
        first_name: 'Ірина',
        last_name: 'Учасник',
        phone: '380501234567',
        city: 'Київ',
        address1: 'Відділення №12: вул. Хрещатик, 22',
        country: 'Ukraine',
        zip: '01001',
      },
      shipping_lines: [{ code: '2', price: '0.00' }],
      payment_gateway_names: ['LiqPay'],
      transactions: [{ kind: 'sale', status: 'pending', gateway: 'LiqPay', amount: '420.00' }],
      note: 'Після 18:00',
      order_number: r.body.order.order_number,
    });
    expect(row?.note).toBe('Після 18:00');
  });

  it('tags the order of a member who is not age-verified as a pre-order (docs/rules.md#validation)', async () => {
    const m = await createMember(s);
    const r = await placeOrder(s, m, orderBody([{ variant_id: amber.variant_id }]));
    expect(r.body.order.tags).toEqual(['PWA', 'pwa_order', 'pre-order']);
    // Verified on the ogo record (namespace verification) counts for the person.
    await verifyOgoRecord(s, m);
    const again = await placeOrder(s, m, orderBody([{ variant_id: amber.variant_id }]));
    expect(again.body.order.tags).not.toContain('pre-order');
  });

  it('adds the call-back time tag of docs/rules.md#constants and refuses a window that is already over today', async () => {
    // The test clock reads 12:00 in Kyiv.
    const ok = await placeOrder(
      s,
      verified,
      orderBody([{ variant_id: amber.variant_id }], {
        needCall: true,
        callBack: { day: 'Сьогодні', from: '14:00', to: '16:00' },
      }),
    );
    expect(ok.body.order.tags).toContain('today 14:00-16:00');
    const tomorrow = await placeOrder(
      s,
      verified,
      orderBody([{ variant_id: amber.variant_id }], {
        needCall: true,
        callBack: { day: 'Завтра', from: '09:00', to: '10:00' },
      }),
    );
    expect(tomorrow.body.order.tags).toContain('tomorrow 09:00-10:00');
    const late = await placeOrder(
      s,
      verified,
      orderBody([{ variant_id: amber.variant_id }], {
        needCall: true,
        callBack: { day: 'Сьогодні', from: '09:00', to: '11:00' },
      }),
    );
    expect(late.status).toBe(422);
    expect(late.body.error).toEqual({ code: 'call_back_invalid', message: 'Цей час сьогодні вже минув — обери інший' });
  });

  it('sends iPost only on ogo and only when every line allows it (docs/rules.md#entities, docs/rules.md#constants)', async () => {
    const m = await adult();
    const pouch = await product(s, 'ogo-velo-polar');
    const block = await product(s, 'ogo-sticks-classic');
    const ok = await placeOrder(
      s,
      m,
      orderBody([{ variant_id: pouch.variant_id, quantity: 2 }], { ogo: true, delivery: KYIV_IPOST }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.order).toMatchObject({ shipping_option: 4, tags: ['PWA', 'pwa_order', 'iPost'] });
    const mixed = await placeOrder(
      s,
      m,
      orderBody([{ variant_id: pouch.variant_id }, { variant_id: block.variant_id }], {
        ogo: true,
        delivery: KYIV_IPOST,
      }),
    );
    expect(mixed.status).toBe(422);
    expect(mixed.body.error.code).toBe('ipost_not_allowed');
    const glo = await placeOrder(s, m, orderBody([{ variant_id: amber.variant_id }], { delivery: KYIV_IPOST }));
    expect(glo.body.error.code).toBe('ipost_not_available');
    expect(await ordersOf(s, m.ogo.id)).toHaveLength(1);
    expect(await ordersOf(s, m.glo.id)).toHaveLength(0);
  });
});

describe('create-order refuses what cannot be ordered, with 422, a Ukrainian reason and nothing written', () => {
  it.each([
    ['an empty cart', async () => orderBody([]), 'empty_cart'],
    ['an unknown product', async () => orderBody([{ variant_id: 99_999_999 }]), 'product_unknown'],
    [
      'a product of the other variant',
      async () => orderBody([{ variant_id: (await product(s, 'ogo-velo-freeze')).variant_id }]),
      'product_other_variant',
    ],
    [
      'a product out of stock',
      async () => orderBody([{ variant_id: (await product(s, 'sticks-tropic-20')).variant_id }]),
      'product_unavailable',
    ],
    [
      'a bonus item with money items (docs/rules.md#validation flag)',
      async () =>
        orderBody([{ variant_id: (await product(s, 'bonus-keychain')).variant_id }, { variant_id: amber.variant_id }]),
      'bonus_mixed_with_paid',
    ],
    [
      'a cart of gifts only',
      async () => orderBody([{ variant_id: (await product(s, 'ogo-velo-gift-freeze')).variant_id }], { ogo: true }),
      'gift_only',
    ],
    [
      'more than 99 units of one product',
      async () =>
        orderBody([
          { variant_id: amber.variant_id, quantity: 60 },
          { variant_id: amber.variant_id, quantity: 40 },
        ]),
      'too_many_units',
    ],
    [
      'a branch delivery without a branch',
      async () => orderBody([{ variant_id: amber.variant_id }], { delivery: { method: 1, city: 'Київ' } }),
      'delivery_incomplete',
    ],
    [
      'a recipient phone that is not a mobile',
      async () => ({
        ...orderBody([{ variant_id: amber.variant_id }]),
        order: { line_items: [{ variant_id: amber.variant_id, quantity: 1 }], shipping_address: { phone: '12345' } },
      }),
      'invalid_phone',
    ],
  ])('%s', async (_name, body, code) => {
    const m = await adult();
    const r = await placeOrder(s, m, await body());
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe(code);
    expect(r.body.error.message).toMatch(/[А-Яа-яІіЇїЄєҐґ]/);
    expect(await ordersOf(s, m.glo.id)).toHaveLength(0);
    expect(await ordersOf(s, m.ogo.id)).toHaveLength(0);
    expect((await customerRow(s, m.glo.id)).orders_count).toBe(0);
  });

  it('refuses malformed bodies with 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ delivery: { method: 1, city: 'Київ', branch: 'x' } }, '«order»'],
      [orderBody([{ variant_id: amber.variant_id, quantity: 0 }]), '«order.line_items.0.quantity»'],
      [orderBody([{ variant_id: amber.variant_id, quantity: 100 }]), '«order.line_items.0.quantity»'],
      [orderBody([{ variant_id: amber.variant_id }], { delivery: { method: 4, city: 'Київ' } }), '«delivery.method»'],
      [orderBody([{ variant_id: amber.variant_id }], { payment: 3 }), '«payment»'],
      [{ order: { line_items: [] } }, '«delivery»'],
      [
        orderBody([{ variant_id: amber.variant_id }], { callBack: { day: 'Сьогодні', from: '9', to: '10:00' } }),
        '«callBack.from»',
      ],
    ];
    for (const [body, field] of cases) {
      const r = await placeOrder(s, verified, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toContain(field);
    }
    expect((await s.post('/api/api-shop/create-order', orderBody([{ variant_id: amber.variant_id }]))).status).toBe(
      401,
    );
  });

  it('orders only on the caller’s own record of the variant named', async () => {
    const other = await adult();
    const m = await adult();
    const theirs = await placeOrder(s, m, {
      ...orderBody([{ variant_id: amber.variant_id }]),
      order: { line_items: [{ variant_id: amber.variant_id, quantity: 1 }], customer: { id: other.glo.id } },
    });
    expect(theirs.status).toBe(403);
    expect(theirs.body.error.code).toBe('not_owner');
    const wrongVariant = await placeOrder(s, m, {
      ...orderBody([{ variant_id: amber.variant_id }]),
      order: { line_items: [{ variant_id: amber.variant_id, quantity: 1 }], customer: { id: m.ogo.id } },
    });
    expect(wrongVariant.status).toBe(422);
    const own = await placeOrder(s, m, {
      ...orderBody([{ variant_id: amber.variant_id }]),
      order: { line_items: [{ variant_id: amber.variant_id, quantity: 1 }], customer: { id: m.glo.id } },
    });
    expect(own.status).toBe(200);
    expect(await ordersOf(s, other.glo.id)).toHaveLength(0);
  });
});

describe('order numbers', () => {
  it('are distinct and rising for orders placed at once; on PostgreSQL from a sequence, which leaves the counter row alone', async () => {
    const counter = async () =>
      (
        await s.deps.db
          .selectFrom('shop_counters')
          .select('value')
          .where('name', '=', 'order_number')
          .executeTakeFirst()
      )?.value ?? null;
    const before = await counter();
    const members = await Promise.all(Array.from({ length: 6 }, adult));
    const placed = await Promise.all(
      members.map((m) => placeOrder(s, m, orderBody([{ variant_id: amber.variant_id }]))),
    );
    expect(placed.map((r) => r.status)).toEqual(Array(6).fill(200));
    const numbers = placed.map((r) => r.body.order.order_number as number);
    expect(new Set(numbers).size).toBe(6);
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(10_231);
    const after = await counter();
    if (s.deps.dialect === 'postgres') expect(after).toBe(before);
    else expect(after).toBe(Math.max(...numbers));
  });
});
