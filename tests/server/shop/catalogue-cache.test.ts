import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../../server/seed/shop-catalogue';
import { createMember, type TestMember } from '../../support/members';
import { API_KEY, type TestServer } from '../../support/server';
import { twoInstances } from '../two-instances';
import { catalogueWithMember, product } from './support';

/*
 * get-products-by-collection is served from the serialized answer of the catalogue's current
 * revision (server/routes/shop/catalogue-cache.ts). Any change to the products or the
 * collections, made by whoever, must show in the very next answer.
 */

let s: TestServer, m: TestMember;
beforeAll(async () => ({ s, m } = await catalogueWithMember()));
afterAll(() => s.close());

interface Listed {
  id: number;
  variant_id: number;
  price: number;
  title: string;
  available: boolean;
}
const sticks = async (srv: TestServer = s, token = m.token): Promise<Listed[]> => {
  const r = await srv.post('/api/api-shop/get-products-by-collection', { collectionId: 270101 }, token);
  expect(r.status).toBe(200);
  return r.body.products as Listed[];
};

describe('catalogue answers cached under the catalogue revision', () => {
  it('answers the same list again and again while nothing changes', async () => {
    const first = await sticks();
    expect(first.length).toBeGreaterThanOrEqual(10);
    expect(await sticks()).toEqual(first);
    expect(await sticks()).toEqual(first);
  });

  it('a changed price shows in the very next answer, and create-order charges it', async () => {
    const amber = await product(s, 'sticks-amber-20');
    expect((await sticks()).find((p) => p.id === amber.id)?.price).toBe(amber.price / 100);
    await s.deps.db
      .updateTable('products')
      .set({ price: amber.price + 500 })
      .where('id', '=', amber.id)
      .execute();
    expect((await sticks()).find((p) => p.id === amber.id)?.price).toBe(amber.price / 100 + 5);
    const order = await s.post(
      '/api/api-shop/create-order',
      {
        order: { line_items: [{ variant_id: amber.variant_id, quantity: 1 }] },
        delivery: { method: 1, city: 'Київ', branch: 'Відділення №12: вул. Хрещатик, 22' },
      },
      m.token,
    );
    expect(order.status).toBe(200);
    expect(order.body.order.total).toBe(amber.price / 100 + 5);
  });

  it('a product taken off a collection, renamed or sold out shows in the next answer', async () => {
    const before = await sticks();
    const [gone, renamed] = before;
    if (!gone || !renamed) throw new Error('too few products');
    await s.deps.db
      .deleteFrom('collection_products')
      .where('collection_id', '=', 270101)
      .where('product_id', '=', gone.id)
      .execute();
    expect((await sticks()).map((p) => p.id)).not.toContain(gone.id);
    await s.deps.db
      .updateTable('products')
      .set({ title: 'Нова назва', available: 0 })
      .where('id', '=', renamed.id)
      .execute();
    expect((await sticks()).find((p) => p.id === renamed.id)).toMatchObject({ title: 'Нова назва', available: false });
    await s.deps.db
      .insertInto('collection_products')
      .values({ collection_id: 270101, product_id: gone.id, sort: -1 })
      .execute();
    expect((await sticks())[0]?.id).toBe(gone.id);
  });

  it('a change that is rolled back leaves the answer as it was', async () => {
    const before = await sticks();
    const first = before[0];
    if (!first) throw new Error('no products');
    await expect(
      s.deps.db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ price: 1 }).where('id', '=', first.id).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await sticks()).toEqual(before);
  });
});

describe('catalogue answers compressed for clients that accept gzip', () => {
  const list = (acceptEncoding?: string) =>
    s.app.request('/api/api-shop/get-products-by-collection', {
      method: 'POST',
      headers: {
        'x-api-key': API_KEY,
        authorization: `Bearer ${m.token}`,
        'content-type': 'application/json',
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
      body: JSON.stringify({ collectionId: 270101 }),
    });

  it('sends the same list gzipped, several times smaller, to a browser', async () => {
    const plain = await list();
    expect(plain.headers.get('content-encoding')).toBeNull();
    const plainBytes = new Uint8Array(await plain.arrayBuffer());
    const zipped = await list('gzip, deflate, br, zstd');
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('accept-encoding');
    const zippedBytes = new Uint8Array(await zipped.arrayBuffer());
    expect(zippedBytes.byteLength * 3).toBeLessThan(plainBytes.byteLength);
    expect(JSON.parse(gunzipSync(zippedBytes).toString('utf8'))).toEqual(
      JSON.parse(new TextDecoder().decode(plainBytes)),
    );
  });

  it('sends it plain to a client that refuses gzip', async () => {
    for (const refusal of ['identity', 'gzip;q=0', 'br, gzip; q=0.0']) {
      const r = await list(refusal);
      expect(r.headers.get('content-encoding')).toBeNull();
      expect((JSON.parse(await r.text()) as { products: unknown[] }).products.length).toBeGreaterThanOrEqual(10);
    }
  });
});

describe('catalogue answers with two instances on one database', () => {
  it('a price changed through one instance shows in the other’s very next answer', async () => {
    const { one, two, close } = await twoInstances();
    try {
      await seedCatalogue(one.deps);
      const member = await createMember(one);
      const listed = await sticks(two, member.token);
      expect(await sticks(one, member.token)).toEqual(listed);
      const target = listed[1];
      if (!target) throw new Error('too few products');
      await one.deps.db.updateTable('products').set({ price: 123_456 }).where('id', '=', target.id).execute();
      expect((await sticks(two, member.token)).find((p) => p.id === target.id)?.price).toBe(1234.56);
      await two.deps.db.updateTable('products').set({ price: 654_321 }).where('id', '=', target.id).execute();
      expect((await sticks(one, member.token)).find((p) => p.id === target.id)?.price).toBe(6543.21);
    } finally {
      await close();
    }
  });
});
