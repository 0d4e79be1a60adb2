import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrder, handOverOrder } from '../../../server/routes/shop/order-status';
import { settleDueReferrals } from '../../../server/routes/shop/referral-credits';
import { settle } from '../../../server/routes/shop/payment-settle';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { balanceOf, ledgerOf, orderBody, placeOrder, product, withCatalogue, type CatalogueItem } from './support';

// A friend's first order with a member's code owes the member XP only once that order is paid or
// handed over; until then the XP history shows it as pending, and no figure counts it as earned.

let s: TestServer;
let amber: CatalogueItem;
let freeze: CatalogueItem;
let codes = 0;
beforeAll(async () => {
  s = await makeTestServer();
  await withCatalogue(s);
  amber = await product(s, 'sticks-amber-20');
  freeze = await product(s, 'ogo-velo-freeze');
});
afterAll(() => s.close());

async function inviter(): Promise<TestMember & { code: string }> {
  const m = await createMember(s, { tags: ['pwa_user', 'age_verified'] });
  const code = `REW-TEST${String((codes += 1)).padStart(2, '0')}`;
  await s.deps.db.updateTable('members').set({ mgm_code: code }).where('id', '=', m.id).execute();
  return { ...m, code };
}
/** A new member's first order with the code: cash (1) or card (2), glo or ogo; unverified members' are pre-orders. */
async function friendOrders(code: string, opts: { payment?: 1 | 2; ogo?: boolean; verified?: boolean } = {}) {
  const friend = await createMember(s, {
    firstName: 'Андрій',
    tags: opts.verified === false ? ['pwa_user'] : ['pwa_user', 'age_verified'],
  });
  const line = { variant_id: (opts.ogo ? freeze : amber).variant_id };
  const r = await placeOrder(
    s,
    friend,
    orderBody([line], { friendPromocode: code, payment: opts.payment ?? 1, ...(opts.ogo ? { ogo: true } : {}) }),
  );
  expect(r.status).toBe(200);
  return r.body.order as { id: number; order_number: number; total: number; tags: string[] };
}
const history = async (m: TestMember, shop: 'glo' | 'ogo' = 'glo') =>
  (await s.get('/api/get-bonus-history', { shop }, m.token)).body;
const referrals = async (m: TestMember) => (await s.get('/api/user/get-referrals', {}, m.token)).body;

describe('a referral credit waits for the friend’s order to be paid or handed over', () => {
  it('an unverified friend’s unpaid cash pre-order credits nothing: the history shows +300 pending, the balance and «earned» stay', async () => {
    const a = await inviter();
    const order = await friendOrders(a.code, { verified: false });
    expect(order.tags).toContain('pre-order');
    expect(await balanceOf(s, a.glo.id)).toBe(0);
    const h = await history(a);
    expect(h.transactions).toEqual([]);
    expect(h.summary).toMatchObject({ earned: 0, balance: 0 });
    expect(h.pending).toEqual([
      expect.objectContaining({
        amount: 300,
        reason: 'referral',
        title: 'Запрошений друг Андрій зробив перше замовлення',
      }),
    ]);
    expect(await referrals(a)).toMatchObject({ earned: { glo: 0, ogo: 0 }, pending: 300, ordered: 1 });

    // Handed over (cash paid to the carrier): the pending line becomes a credited one.
    await handOverOrder(s.deps, order.id, s.clock.now());
    const after = await history(a);
    expect(after.pending).toEqual([]);
    expect(after.transactions).toEqual([
      expect.objectContaining({ amount: 300, reason: 'referral', balance_after: 300 }),
    ]);
    expect(await referrals(a)).toMatchObject({ earned: { glo: 300, ogo: 0 }, pending: 0 });
  });

  it('a card order credits when its payment succeeds, not when it is declined', async () => {
    const a = await inviter();
    const order = await friendOrders(a.code, { payment: 2 });
    // An attempt as get-liqpay-link makes it, settled by the provider's signed result (payment-settle.ts).
    const pay = async (id: string, status: string) => {
      await s.deps.db
        .insertInto('card_payments')
        .values({
          order_id: order.id,
          provider_order_id: id,
          amount: Math.round(order.total * 100),
          status: 'created',
          callback: null,
          created_at: s.clock.now().toISOString(),
          updated_at: s.clock.now().toISOString(),
        })
        .execute();
      return settle(s.deps, { order_id: id, status, amount: order.total, currency: 'UAH' });
    };
    expect((await pay(`club-${order.order_number}-decl`, 'failure')).outcome).toBe('failed');
    expect(await balanceOf(s, a.glo.id)).toBe(0);
    expect((await history(a)).pending).toHaveLength(1);
    expect((await pay(`club-${order.order_number}-paid`, 'success')).outcome).toBe('paid');
    expect(await balanceOf(s, a.glo.id)).toBe(300);
    expect((await history(a)).pending).toEqual([]);
  });

  it('a cancelled order never credits, and the friend may still bring the XP with a first order elsewhere', async () => {
    const a = await inviter();
    const order = await friendOrders(a.code);
    await cancelOrder(s.deps, order.id, s.clock.now());
    expect((await history(a)).pending).toEqual([]);
    // A later hand-over of a cancelled order changes nothing.
    await handOverOrder(s.deps, order.id, s.clock.now());
    expect(await balanceOf(s, a.glo.id)).toBe(0);
    expect(await referrals(a)).toMatchObject({ earned: { glo: 0, ogo: 0 }, pending: 0 });
  });

  it('an order paid or handed over by the back office (the orders table itself) is caught up by the check, once', async () => {
    const a = await inviter();
    const order = await friendOrders(a.code, { ogo: true });
    // The credit is on the referrer's record of the variant the friend ordered on.
    expect((await history(a, 'ogo')).pending).toHaveLength(1);
    await s.deps.db.updateTable('orders').set({ financial_status: 'paid' }).where('id', '=', order.id).execute();
    expect(await settleDueReferrals(s.deps)).toBeGreaterThanOrEqual(1);
    expect(await settleDueReferrals(s.deps)).toBe(0);
    expect(await balanceOf(s, a.ogo.id)).toBe(300);
    expect(await ledgerOf(s, a.ogo.id)).toHaveLength(1);
    expect(await referrals(a)).toMatchObject({ earned: { glo: 0, ogo: 300 }, pending: 0 });
  });

  it('the milestone counts credited friends: the third paid one brings its bonus, and «earned» is the ledger’s sum', async () => {
    const a = await inviter();
    const orders = [await friendOrders(a.code), await friendOrders(a.code), await friendOrders(a.code)];
    await handOverOrder(s.deps, orders[0]!.id, s.clock.now());
    await handOverOrder(s.deps, orders[2]!.id, s.clock.now());
    expect(await balanceOf(s, a.glo.id)).toBe(600);
    await handOverOrder(s.deps, orders[1]!.id, s.clock.now());
    const lines = await ledgerOf(s, a.glo.id);
    expect(lines.map((l) => l.amount)).toEqual([300, 300, 300, 200]);
    const sum = lines.reduce((n, l) => n + l.amount, 0);
    expect((await referrals(a)).earned).toEqual({ glo: sum, ogo: 0 });
  });
});
