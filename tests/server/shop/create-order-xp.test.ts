import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { balanceOf, catalogueServer, customerRow, ledgerOf, orderBody, ordersOf, placeOrder, product } from './support';
import type { CatalogueItem } from './support';

let s: TestServer;
/** Термочашка glo: 1200 XP. */
let thermo: CatalogueItem;
let amber: CatalogueItem;
beforeAll(async () => {
  ({ s, thermo, amber } = await catalogueServer({ thermo: 'bonus-thermo', amber: 'sticks-amber-20' }));
});
afterAll(() => s.close());

const adult = (xp: number, ogoXp = 0) => createMember(s, { tags: ['pwa_user', 'age_verified'], xp, ogoXp });

describe('orders paid with XP (docs/rules.md#states: paid when the total is zero but a bonus total exists)', () => {
  it('spends the catalogue’s XP price in the order’s transaction and marks the order paid, method 3', async () => {
    const m = await adult(2000);
    const r = await placeOrder(s, m, orderBody([{ variant_id: thermo.variant_id }], { payment: 2 }));
    expect(r.status).toBe(200);
    expect(r.body.order).toMatchObject({
      financial_status: 'paid',
      payment_method: 3,
      total: 0,
      xp_total: 1200,
      shipping_option: 3,
    });
    expect(r.body.balance).toBe(800);
    expect(await balanceOf(s, m.glo.id)).toBe(800);
    const ledger = await ledgerOf(s, m.glo.id);
    expect(ledger).toEqual([
      expect.objectContaining({ amount: -1200, balance_after: 800, reason: 'order', ref: `order:${r.body.order.id}` }),
    ]);
    expect(ledger[0]?.title).toBe(`Замовлення №${r.body.order.order_number}`);
    const payload = JSON.parse((await ordersOf(s, m.glo.id))[0]?.payload ?? '{}');
    expect(payload).toMatchObject({
      financial_status: 'paid',
      payment_gateway_names: ['XP'],
      transactions: [],
      line_items: [{ quantity: 1, variant_id: thermo.variant_id }],
    });
    expect(payload.metafields).toContainEqual({
      namespace: 'pwa',
      key: 'xp_total',
      value: '1200',
      type: 'number_integer',
    });
  });

  it('ignores a price or XP cost the app put in the body', async () => {
    const m = await adult(5000);
    const body = orderBody([{ variant_id: thermo.variant_id, quantity: 2, price: 0 }]);
    (body.order as { line_items: Array<Record<string, unknown>> }).line_items[0]!.bonuses = 1;
    const r = await placeOrder(s, m, { ...body, xp_total: 2, total: 0 });
    expect(r.status).toBe(200);
    expect(r.body.order.xp_total).toBe(2400);
    expect(await balanceOf(s, m.glo.id)).toBe(2600);
  });

  it('spends the ogo record’s XP on an ogo bonus order, not glo’s', async () => {
    const m = await adult(5000, 900);
    const keychain = await product(s, 'ogo-bonus-keychain');
    const r = await placeOrder(s, m, orderBody([{ variant_id: keychain.variant_id, quantity: 2 }], { ogo: true }));
    expect(r.status).toBe(200);
    expect(r.body.balance).toBe(400);
    expect(await balanceOf(s, m.ogo.id)).toBe(400);
    expect(await balanceOf(s, m.glo.id)).toBe(5000);
  });

  it('refuses an order costing more XP than the balance: 422, nothing deducted, no order', async () => {
    const m = await adult(1199);
    const r = await placeOrder(s, m, orderBody([{ variant_id: thermo.variant_id }]));
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({ code: 'insufficient_xp', message: 'Недостатньо XP на балансі' });
    expect(await balanceOf(s, m.glo.id)).toBe(1199);
    expect(await ledgerOf(s, m.glo.id)).toHaveLength(0);
    expect(await ordersOf(s, m.glo.id)).toHaveLength(0);
    const rec = await customerRow(s, m.glo.id);
    expect(rec.orders_count).toBe(0);
    const lines = await s.deps.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select('order_lines.id')
      .where('orders.customer_id', '=', m.glo.id)
      .execute();
    expect(lines).toHaveLength(0);
  });

  it('lets only one of two simultaneous orders spend the same XP', async () => {
    const m = await adult(1500);
    const results = await Promise.all([
      placeOrder(s, m, orderBody([{ variant_id: thermo.variant_id }])),
      placeOrder(s, m, orderBody([{ variant_id: thermo.variant_id }])),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await balanceOf(s, m.glo.id)).toBe(300);
    expect(await ordersOf(s, m.glo.id)).toHaveLength(1);
    expect(await ledgerOf(s, m.glo.id)).toHaveLength(1);
  });

  it('a burst of five orders spends no more than the balance holds', async () => {
    const m = await adult(3000);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(s, m, orderBody([{ variant_id: thermo.variant_id }]))),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 422)).toHaveLength(3);
    expect(await balanceOf(s, m.glo.id)).toBe(600);
    const ledger = await ledgerOf(s, m.glo.id);
    expect(ledger.reduce((n, l) => n + l.amount, 0)).toBe(-2400);
  });
});

describe('create-order under an Idempotency-Key (docs/architecture.md#outbox)', () => {
  it('replays the first answer for the same key and places one order only', async () => {
    const m = await adult(3000);
    const key = randomUUID();
    const body = orderBody([{ variant_id: thermo.variant_id }]);
    const first = await placeOrder(s, m, body, key);
    const again = await placeOrder(s, m, body, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await ordersOf(s, m.glo.id)).toHaveLength(1);
    expect(await balanceOf(s, m.glo.id)).toBe(1800);
    const other = await placeOrder(s, m, orderBody([{ variant_id: amber.variant_id }]), key);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_mismatch');
  });

  it('replays a refusal too: a retried order with too little XP stays refused, without a second attempt', async () => {
    const m = await adult(100);
    const key = randomUUID();
    const body = orderBody([{ variant_id: thermo.variant_id }]);
    expect((await placeOrder(s, m, body, key)).status).toBe(422);
    await s.deps.db.updateTable('customers').set({ xp_balance: 5000 }).where('id', '=', m.glo.id).execute();
    const again = await placeOrder(s, m, body, key);
    expect(again.status).toBe(422);
    expect(await ordersOf(s, m.glo.id)).toHaveLength(0);
    // A new key is a new attempt.
    expect((await placeOrder(s, m, body, randomUUID())).status).toBe(200);
  });
});
