import { describe, expect, it } from 'vitest';
import {
  checkoutSummary,
  SUMMARY_PROBLEMS,
  type CheckoutInput,
  type SummaryLine,
} from '../../../src/domain/order/checkout-summary';

// 2026-11-23 10:00 UTC is 12:00 in Kyiv.
const now = new Date('2026-11-23T10:00:00Z');
const sticks: SummaryLine = { variantId: 101, count: 2, price: 105, bonuses: 0, tags: [], title: 'Стіки' };
const velo: SummaryLine = {
  variantId: 201,
  count: 1,
  price: 159,
  bonuses: 0,
  tags: ['velo', 'ipost_allow'],
  title: 'velo',
};
const single: SummaryLine = { variantId: 202, count: 3, price: 78, bonuses: 0, tags: ['ipost_allow'], title: 'Пачка' };
const gift: SummaryLine = {
  variantId: 203,
  count: 1,
  price: 0,
  bonuses: 0,
  tags: ['velo', 'velo_gift', 'ipost_allow'],
  title: 'Подарунок',
};
const bonus: SummaryLine = { variantId: 301, count: 2, price: 0, bonuses: 300, tags: [], title: 'Брелок' };

const input = (o: Partial<CheckoutInput> = {}): CheckoutInput => ({
  variant: 'glo',
  customer: { id: 42, first_name: 'Олена', last_name: 'Коваль', phone: '380500000001', tags: [], orders_count: 3 },
  ageVerified: true,
  lines: [sticks],
  delivery: { method: 1, city: 'Київ', province: 'Київська', branch: 'Відділення №12: вул. Хрещатик, 22' },
  payment: 1,
  comment: '',
  veloCode: '',
  friendCode: '',
  needCall: false,
  callBack: null,
  xpBalance: 1000,
  now,
  ...o,
});

describe('the order summary and create-order payload from one function (docs/rules.md#entities "Order payload", docs/rules.md#states, docs/rules.md#constants)', () => {
  it('a cash order to a branch: lines with variant and price, customer, tags, shipping line priced 0, Ukraine 01001, UAH, pending', () => {
    const s = checkoutSummary(input());
    expect(s.problems).toEqual([]);
    expect(s.payload).toEqual({
      line_items: [{ quantity: 2, variant_id: 101, price: '105.00' }],
      customer: { id: 42 },
      tags: 'PWA, pwa_order',
      fulfillment_status: null,
      financial_status: 'pending',
      shipping_address: {
        first_name: 'Олена',
        last_name: 'Коваль',
        phone: '380500000001',
        address1: 'Відділення №12: вул. Хрещатик, 22',
        city: 'Київ',
        province: 'Київська',
        country: 'Ukraine',
        zip: '01001',
      },
      shipping_lines: [
        { code: '1', title: 'Доставка за тарифами перевізника (оплачує отримувач)', price: '0.00', source: 'pwa' },
      ],
      payment_gateway_names: ['Накладений платіж'],
      transactions: [{ kind: 'sale', status: 'pending', gateway: 'Накладений платіж', amount: '210.00' }],
      metafields: [{ namespace: 'pwa', key: 'delivery', value: JSON.stringify(input().delivery), type: 'json' }],
      note: '',
      currency: 'UAH',
    });
    expect(s.request).toEqual({ order: s.payload, delivery: input().delivery, payment: 1 });
    expect(s).toMatchObject({ subtotal: 210, discount: 0, money: 210, xp: 0, shippingOption: 1, paymentMethod: 1 });
  });

  it('free shipping from the configured threshold (docs/rules.md#constants: 399 glo by default)', () => {
    expect(checkoutSummary(input({ lines: [{ ...sticks, count: 4 }] })).shippingOption).toBe(2);
    expect(
      checkoutSummary(input({ lines: [{ ...sticks, count: 4 }], thresholds: { glo: 500, ogo: 120 } })).shippingOption,
    ).toBe(1);
  });

  it('velo 20% on ogo: velo lines at price × 0.8, the pwa_velo-20% tag and the code sent; other lines at full price', () => {
    const s = checkoutSummary(input({ variant: 'ogo', lines: [velo, single], veloCode: 'VELO-20%' }));
    expect(s.velo).toBe(true);
    expect(s.rows.map((r) => [r.unitPrice, r.discounted])).toEqual([
      [127.2, true],
      [78, false],
    ]);
    expect(s).toMatchObject({ subtotal: 393, discount: 31.8, money: 361.2 });
    expect(s.tags).toContain('pwa_velo-20%');
    expect(s.payload.line_items[0]).toEqual({ quantity: 1, variant_id: 201, price: '127.20' });
    expect(s.request.promocode).toBe('VELO-20%');
    expect(s.request.ogo).toBe(true);
  });

  it('a velo code that cannot apply is not sent and says why (glo, used before, with a velo gift)', () => {
    const glo = checkoutSummary(input({ lines: [velo], veloCode: 'VELO-20%' }));
    expect([glo.velo, glo.veloProblem, glo.request.promocode]).toEqual([
      false,
      'Промокод velo діє лише в магазині ogo',
      undefined,
    ]);
    const used = checkoutSummary(
      input({
        variant: 'ogo',
        lines: [velo],
        veloCode: 'VELO-20%',
        customer: { ...input().customer, tags: ['velo_discount_used'] },
      }),
    );
    expect(used.veloProblem).toBe('Знижку velo вже використано');
    expect(used.money).toBe(159);
    expect(checkoutSummary(input({ variant: 'ogo', lines: [velo, gift], veloCode: 'VELO-20%' })).veloProblem).toMatch(
      /подарунком/,
    );
  });

  it("a friend's code counts on a first order only and is sent normalized (docs/rules.md#validation)", () => {
    const first = checkoutSummary(
      input({ friendCode: ' rew-olena7 ', customer: { ...input().customer, orders_count: 0 } }),
    );
    expect([first.friend, first.request.friendPromocode]).toEqual([true, 'REW-OLENA7']);
    const second = checkoutSummary(input({ friendCode: 'REW-OLENA7' }));
    expect([second.friend, second.friendProblem, second.request.friendPromocode]).toEqual([
      false,
      'Код друга діє лише для першого замовлення',
      undefined,
    ]);
  });

  it("paid fully in XP: 'paid', no transaction, gateway XP, shipping 3 (free with bonus offers); a short balance blocks it", () => {
    const s = checkoutSummary(input({ lines: [bonus], payment: 2 }));
    expect(s.payload).toMatchObject({ financial_status: 'paid', transactions: [], payment_gateway_names: ['XP'] });
    expect(s.payload.line_items).toEqual([{ quantity: 2, variant_id: 301 }]);
    expect(s).toMatchObject({ money: 0, xp: 600, paymentMethod: 3, shippingOption: 3, problems: [] });
    expect(checkoutSummary(input({ lines: [bonus], xpBalance: 500 })).problems).toEqual([
      SUMMARY_PROBLEMS.xpShort(600, 500),
    ]);
    expect(checkoutSummary(input({ lines: [bonus], xpBalance: null })).problems).toEqual([SUMMARY_PROBLEMS.xpUnknown]);
  });

  it('pre-order for a member not age-verified, iPost for the local courier, the call time (docs/rules.md#constants tags)', () => {
    const s = checkoutSummary(
      input({
        variant: 'ogo',
        ageVerified: false,
        lines: [single],
        delivery: { method: 3, city: 'Київ', street: 'вул. Хрещатик, 22', flat: '5' },
        needCall: true,
        callBack: { day: 'Сьогодні', from: '14:00', to: '16:00' },
      }),
    );
    expect(s.tags).toEqual(['PWA', 'pwa_order', 'pre-order', 'iPost', 'today 14:00-16:00']);
    expect(s.payload.tags).toBe('PWA, pwa_order, pre-order, iPost, today 14:00-16:00');
    expect(s.shippingOption).toBe(4);
    expect(s.payload.shipping_address.address1).toBe('iPost: вул. Хрещатик, 22, кв. 5');
    expect(s.request).toMatchObject({ needCall: true, callBack: { day: 'Сьогодні', from: '14:00', to: '16:00' } });
    expect(s.payload.metafields.map((m) => m.key)).toEqual(['delivery', 'need_call', 'call_back']);
  });

  it('what blocks an order: empty cart, bonus mixed with paid, gifts only, incomplete delivery, iPost for a line without ipost_allow, a past call window', () => {
    expect(checkoutSummary(input({ lines: [] })).problems).toContain(SUMMARY_PROBLEMS.empty);
    expect(checkoutSummary(input({ lines: [sticks, bonus] })).problems).toContain(SUMMARY_PROBLEMS.mixed);
    expect(checkoutSummary(input({ variant: 'ogo', lines: [gift] })).problems).toContain(SUMMARY_PROBLEMS.giftOnly);
    expect(checkoutSummary(input({ delivery: { method: 1, city: 'Київ' } })).problems).toContain(
      'Обери відділення перевізника',
    );
    expect(
      checkoutSummary(
        input({
          variant: 'ogo',
          lines: [velo, sticks],
          delivery: { method: 3, city: 'Київ', street: 'вул. Хрещатик' },
        }),
      ).problems,
    ).toContain(SUMMARY_PROBLEMS.ipost);
    expect(
      checkoutSummary(input({ needCall: true, callBack: { day: 'Сьогодні', from: '10:00', to: '11:00' } })).problems,
    ).toEqual(['Цей час сьогодні вже минув — обери інший']);
  });
});
