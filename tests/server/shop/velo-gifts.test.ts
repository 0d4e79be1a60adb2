import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { orderBody, ordersOf, placeOrder, product, withCatalogue, type CatalogueItem } from './support';

/**
 * the zero-priced velo gifts. The probe ordered one ogo stick (78 UAH) with
 * 2 × 99 gift cans for 78 UAH; the server now keeps the rules the app shows (docs/rules.md#constants): at most
 * 2 gifts an order, and only beside a velo product paid with money.
 */
let s: TestServer;
let freeze: CatalogueItem;
let single: CatalogueItem;
let giftFreeze: CatalogueItem;
let giftBerry: CatalogueItem;
beforeAll(async () => {
  s = await makeTestServer();
  await withCatalogue(s);
  freeze = await product(s, 'ogo-velo-freeze');
  single = await product(s, 'ogo-sticks-single-classic');
  giftFreeze = await product(s, 'ogo-velo-gift-freeze');
  giftBerry = await product(s, 'ogo-velo-gift-berry');
});
afterAll(() => s.close());

const adult = () => createMember(s, { tags: ['pwa_user', 'age_verified'] });

describe('velo gifts on create-order', () => {
  it('refuses the probe’s order: 99 of each gift beside one ogo stick, and nothing is written', async () => {
    const m = await adult();
    const r = await placeOrder(
      s,
      m,
      orderBody(
        [
          { variant_id: single.variant_id },
          { variant_id: giftFreeze.variant_id, quantity: 99 },
          { variant_id: giftBerry.variant_id, quantity: 99 },
        ],
        { ogo: true },
      ),
    );
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('velo_gift_not_allowed');
    expect(r.body.error.message).toMatch(/щонайбільше 2/);
    expect(await ordersOf(s, m.ogo.id)).toHaveLength(0);
  });

  it('refuses gifts beside products that are not velo, even within the cap', async () => {
    const m = await adult();
    const r = await placeOrder(
      s,
      m,
      orderBody(
        [
          { variant_id: single.variant_id },
          { variant_id: giftFreeze.variant_id },
          { variant_id: giftBerry.variant_id },
        ],
        { ogo: true },
      ),
    );
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({
      code: 'velo_gift_not_allowed',
      message: expect.stringContaining('лише до замовлення паучів velo'),
    });
    expect(await ordersOf(s, m.ogo.id)).toHaveLength(0);
  });

  it('refuses a third gift unit beside paid velo, counted across both gifts', async () => {
    const m = await adult();
    const r = await placeOrder(
      s,
      m,
      orderBody(
        [
          { variant_id: freeze.variant_id },
          { variant_id: giftFreeze.variant_id, quantity: 2 },
          { variant_id: giftBerry.variant_id },
        ],
        { ogo: true },
      ),
    );
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('velo_gift_not_allowed');
    // The same gift sent as two lines is one count too.
    const split = await placeOrder(
      s,
      m,
      orderBody(
        [
          { variant_id: freeze.variant_id },
          { variant_id: giftFreeze.variant_id, quantity: 2 },
          { variant_id: giftFreeze.variant_id },
        ],
        { ogo: true },
      ),
    );
    expect(split.status).toBe(422);
    expect(await ordersOf(s, m.ogo.id)).toHaveLength(0);
  });

  it('takes two gifts beside a paid velo product, at the velo product’s price alone', async () => {
    const m = await adult();
    const r = await placeOrder(
      s,
      m,
      orderBody(
        [
          { variant_id: freeze.variant_id },
          { variant_id: giftFreeze.variant_id },
          { variant_id: giftBerry.variant_id },
        ],
        { ogo: true },
      ),
    );
    expect(r.status).toBe(200);
    expect(r.body.order.total).toBe(freeze.price / 100);
    const lines = await s.deps.db
      .selectFrom('order_lines')
      .select(['variant_id', 'quantity', 'price'])
      .where('order_id', '=', r.body.order.id)
      .execute();
    expect(lines.filter((l) => l.price === 0).reduce((n, l) => n + l.quantity, 0)).toBe(2);
  });
});
