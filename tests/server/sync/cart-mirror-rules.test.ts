import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';

// The cart mirror (`pwa`/`cart`) is written whole by each device, but the server judges only what
// a write adds: a line added, or made bigger, must be a product on sale now. A product that went
// out of stock while a device was offline is refused with its name; taking less is always fine.

let s: TestServer;
let m: TestMember;
let onSale: { variant_id: number; title: string };
let soldOut: { id: number; variant_id: number; title: string };
beforeAll(async () => {
  s = await makeTestServer({ seed: true });
  m = await createMember(s);
  const rows = await s.deps.db
    .selectFrom('products')
    .select(['id', 'variant_id', 'title'])
    .where('variant', '=', 'glo')
    .where('available', '=', 1)
    .orderBy('id')
    .limit(2)
    .execute();
  onSale = rows[0]!;
  soldOut = rows[1]!;
});
afterAll(() => s.close());

const line = (variantId: number, count: number) => ({ variant_id: variantId, id: 1, count, price: 100, bonuses: 0 });
const write = (lines: unknown[]) =>
  s.post(
    '/api/user/create-metafields',
    { namespace: 'pwa', key: 'cart', type: 'json', value: JSON.stringify(lines), shopifyId: m.glo.id },
    m.token,
  );
const stored = async () =>
  JSON.parse(
    (await s.post('/api/user/get-metafields', { id: m.glo.id }, m.token)).body.metafields.find(
      (f: { key: string }) => f.key === 'cart',
    ).value,
  );

describe('cart mirror rules', () => {
  it('takes products on sale, and more of a line while it is on sale', async () => {
    expect((await write([line(onSale.variant_id, 1), line(soldOut.variant_id, 2)])).status).toBe(200);
  });

  it('refuses more of a product that went out of stock, naming it, and keeps the cart as it was', async () => {
    await s.deps.db.updateTable('products').set({ available: 0 }).where('id', '=', soldOut.id).execute();
    const r = await write([line(onSale.variant_id, 1), line(soldOut.variant_id, 3)]);
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({
      code: 'product_unavailable',
      message: `«${soldOut.title}» зараз немає в наявності`,
    });
    expect((await stored()).map((l: { count: number }) => l.count)).toEqual([1, 2]);
  });

  it('lets the member keep, lower or remove a line that is out of stock, and add others', async () => {
    expect((await write([line(onSale.variant_id, 4), line(soldOut.variant_id, 2)])).status).toBe(200);
    expect((await write([line(onSale.variant_id, 4), line(soldOut.variant_id, 1)])).status).toBe(200);
    expect((await write([line(onSale.variant_id, 4)])).status).toBe(200);
  });

  it('refuses a variant the catalogue does not know, and a cart of more than 100 lines', async () => {
    expect((await write([line(987654, 1)])).body.error.code).toBe('product_unknown');
    const many = Array.from({ length: 101 }, (_, i) => line(onSale.variant_id + i * 1000, 1));
    expect((await write(many)).body.error.code).toBe('cart_too_big');
  });
});
