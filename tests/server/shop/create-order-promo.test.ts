import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { handOverOrder } from '../../../server/routes/shop/order-status';
import { balanceOf, catalogueServer, customerRow, ledgerOf, orderBody, ordersOf, placeOrder } from './support';
import type { CatalogueItem } from './support';

let s: TestServer;
/** velo «Крижана м’ята»: 159 UAH; ogo single pack «Класичний»: 78 UAH. */
let freeze: CatalogueItem;
let single: CatalogueItem;
let gift: CatalogueItem;
let amber: CatalogueItem;
beforeAll(async () => {
  ({ s, freeze, single, gift, amber } = await catalogueServer({
    freeze: 'ogo-velo-freeze',
    single: 'ogo-sticks-single-classic',
    gift: 'ogo-velo-gift-freeze',
    amber: 'sticks-amber-20',
  }));
});
afterAll(() => s.close());

const adult = () => createMember(s, { tags: ['pwa_user', 'age_verified'] });
const withCode = async (m: TestMember, code: string) => {
  await s.deps.db.updateTable('members').set({ mgm_code: code }).where('id', '=', m.id).execute();
  return m;
};

describe('the velo 20% promo (docs/rules.md#validation, docs/rules.md#constants)', () => {
  it('takes 20% off the velo lines only, tags the order and marks the discount used', async () => {
    const m = await adult();
    const r = await placeOrder(
      s,
      m,
      orderBody([{ variant_id: freeze.variant_id, quantity: 2 }, { variant_id: single.variant_id }], {
        ogo: true,
        promocode: ' velo-20% ',
      }),
    );
    expect(r.status).toBe(200);
    // 2 × 159 × 0.8 + 78 = 332.40
    expect(r.body.order.total).toBe(332.4);
    expect(r.body.order.tags).toContain('pwa_velo-20%');
    const row = (await ordersOf(s, m.ogo.id))[0];
    expect(row).toMatchObject({ subtotal: 39_600, discount: 6_360, total: 33_240 });
    const lines = await s.deps.db
      .selectFrom('order_lines')
      .select(['variant_id', 'price'])
      .where('order_id', '=', r.body.order.id)
      .orderBy('id')
      .execute();
    expect(lines).toEqual([
      { variant_id: freeze.variant_id, price: 12_720 },
      { variant_id: single.variant_id, price: 7_800 },
    ]);
    expect(JSON.parse(row?.payload ?? '{}').discount_codes).toEqual([
      { code: 'VELO-20%', amount: '63.60', type: 'percentage' },
    ]);
    expect(JSON.parse((await customerRow(s, m.ogo.id)).tags)).toContain('velo_discount_used');
  });

  it('is used once: the second order with the code is refused and nothing is written', async () => {
    const m = await adult();
    expect(
      (await placeOrder(s, m, orderBody([{ variant_id: freeze.variant_id }], { ogo: true, promocode: 'VELO-20%' })))
        .status,
    ).toBe(200);
    const again = await placeOrder(
      s,
      m,
      orderBody([{ variant_id: freeze.variant_id }], { ogo: true, promocode: 'VELO-20%' }),
    );
    expect(again.status).toBe(422);
    expect(again.body.error).toEqual({ code: 'promo_not_applicable', message: 'Знижку velo вже використано' });
    expect(await ordersOf(s, m.ogo.id)).toHaveLength(1);
    // Without the code the same cart orders at full price.
    const plain = await placeOrder(s, m, orderBody([{ variant_id: freeze.variant_id }], { ogo: true }));
    expect(plain.body.order.total).toBe(159);
  });

  it('cannot be taken twice by two simultaneous orders', async () => {
    const m = await adult();
    const body = orderBody([{ variant_id: freeze.variant_id }], { ogo: true, promocode: 'VELO-20%' });
    const results = await Promise.all([placeOrder(s, m, body), placeOrder(s, m, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await ordersOf(s, m.ogo.id)).toHaveLength(1);
    expect(
      JSON.parse((await customerRow(s, m.ogo.id)).tags).filter((t: string) => t === 'velo_discount_used'),
    ).toHaveLength(1);
  });

  it.each([
    ['on glo', () => orderBody([{ variant_id: amber.variant_id }], { promocode: 'VELO-20%' }), /лише в магазині ogo/],
    [
      'without velo products',
      () => orderBody([{ variant_id: single.variant_id }], { ogo: true, promocode: 'VELO-20%' }),
      /Додай до кошика продукти velo/,
    ],
    [
      'with a velo gift in the cart',
      () =>
        orderBody([{ variant_id: freeze.variant_id }, { variant_id: gift.variant_id }], {
          ogo: true,
          promocode: 'VELO-20%',
        }),
      /не поєднується з подарунком/,
    ],
    [
      'with another code',
      () => orderBody([{ variant_id: freeze.variant_id }], { ogo: true, promocode: 'VELO-50%' }),
      /Такого промокоду не існує/,
    ],
  ])('does not apply %s: 422 with the reason', async (_name, body, reason) => {
    const m = await adult();
    const r = await placeOrder(s, m, body());
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('promo_not_applicable');
    expect(r.body.error.message).toMatch(reason);
    expect(JSON.parse((await customerRow(s, m.ogo.id)).tags)).not.toContain('velo_discount_used');
  });

  it('lets a velo gift ride free with a paid velo order', async () => {
    const m = await adult();
    const r = await placeOrder(
      s,
      m,
      orderBody([{ variant_id: freeze.variant_id }, { variant_id: gift.variant_id }], { ogo: true }),
    );
    expect(r.status).toBe(200);
    expect(r.body.order.total).toBe(159);
  });
});

describe('a friend’s REW- code (docs/rules.md#validation: first order only)', () => {
  it('counts on a first order, owes the friend who invited XP paid once the order is handed over, and not on a second order', async () => {
    const friend = await withCode(await adult(), 'REW-ABCDEF');
    const m = await adult();
    const r = await placeOrder(s, m, orderBody([{ variant_id: amber.variant_id }], { friendPromocode: 'rew-abcdef' }));
    expect(r.status).toBe(200);
    const payload = JSON.parse((await ordersOf(s, m.glo.id))[0]?.payload ?? '{}');
    expect(payload.discount_codes).toEqual([{ code: 'REW-ABCDEF', amount: '0.00', type: 'referral' }]);
    // A cash order is not paid yet: the credit waits.
    expect(await balanceOf(s, friend.glo.id)).toBe(0);
    await handOverOrder(s.deps, r.body.order.id, s.clock.now());
    expect(await balanceOf(s, friend.glo.id)).toBe(300);
    expect(await ledgerOf(s, friend.glo.id)).toEqual([
      expect.objectContaining({
        amount: 300,
        reason: 'referral',
        title: 'Запрошений друг Тест зробив перше замовлення',
      }),
    ]);
    const codes = await s.deps.db
      .selectFrom('order_promocodes')
      .selectAll()
      .where('order_id', '=', r.body.order.id)
      .execute();
    expect(codes).toEqual([
      expect.objectContaining({ code: 'REW-ABCDEF', kind: 'friend', referrer_member_id: friend.id }),
    ]);

    const second = await placeOrder(
      s,
      m,
      orderBody([{ variant_id: amber.variant_id }], { friendPromocode: 'REW-ABCDEF' }),
    );
    expect(second.status).toBe(422);
    expect(second.body.error).toEqual({
      code: 'friend_code_not_applicable',
      message: 'Код друга діє лише для першого замовлення',
    });
    expect(await balanceOf(s, friend.glo.id)).toBe(300);
  });

  it('refuses an unknown code, one’s own code and a malformed one', async () => {
    const m = await withCode(await adult(), 'REW-MYCODE');
    const cases: Array<[string, string]> = [
      ['REW-NOBODY', 'friend_code_unknown'],
      ['REW-MYCODE', 'friend_code_own'],
      ['REW', 'friend_code_not_applicable'],
      ['ABCDEFG', 'friend_code_not_applicable'],
    ];
    for (const [code, error] of cases) {
      const r = await placeOrder(s, m, orderBody([{ variant_id: amber.variant_id }], { friendPromocode: code }));
      expect(r.status, code).toBe(422);
      expect(r.body.error.code, code).toBe(error);
    }
    expect(await ordersOf(s, m.glo.id)).toHaveLength(0);
  });

  it('counts once when two first orders race with the code, and pays the milestone at the third friend', async () => {
    const friend = await withCode(await adult(), 'REW-RACE22');
    const m = await adult();
    const body = orderBody([{ variant_id: amber.variant_id }], { friendPromocode: 'REW-RACE22' });
    const results = await Promise.all([placeOrder(s, m, body), placeOrder(s, m, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    const placed = [results.find((r) => r.status === 200)!.body.order.id as number];
    expect(
      await s.deps.db.selectFrom('referral_credits').select('state').where('order_id', 'in', placed).execute(),
    ).toEqual([{ state: 'pending' }]);
    for (let i = 0; i < 2; i += 1) {
      const next = await adult();
      const r = await placeOrder(s, next, body);
      expect(r.status).toBe(200);
      placed.push(r.body.order.id);
    }
    for (const id of placed) await handOverOrder(s.deps, id, s.clock.now());
    // Three friends: 3 × 300 and the 200 XP milestone.
    expect(await balanceOf(s, friend.glo.id)).toBe(1100);
    const titles = (await ledgerOf(s, friend.glo.id)).map((l) => l.title);
    expect(titles).toContain('Бонус за 3 запрошених друзів');
  });
});
