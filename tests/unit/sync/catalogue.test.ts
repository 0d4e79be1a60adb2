import { describe, expect, it } from 'vitest';
import { freshUntil, kvSet } from '../../../src/db/kv';
import { catalogueList } from '../../../src/db/queries';
import { categoriesOf } from '../../../src/domain/catalogue/catalogue';
import { addProductToCart } from '../../../src/sync/mutations/shop/cart-change';
import { parseCartMirror } from '../../../src/sync/mutations/shop/cart-mirror';
import { localCart } from '../../../src/sync/mutations/shop/cart-state';
import { refreshCartOnOpen } from '../../../src/sync/pullers/cart-refresh';
import { CATALOGUE_FRESH_FOR, cataloguePuller, onSessionChange } from '../../../src/sync/pullers/catalogue';
import { runPuller } from '../../../src/sync/pullers/puller';
import type { Reply } from './support/fake-fetch';
import { api, GLO, harness } from './support/harness';
import { metafieldServer, product, productRow } from './support/shop-fixtures';

/** A shop answering get-products-by-collection from `lists` (collection id -> products); others 404. */
function shop(lists: Record<number, ReturnType<typeof product>[]>) {
  return {
    '/api/api-shop/get-products-by-collection': (_r: unknown, b: Record<string, unknown>): Reply => {
      const products = lists[Number(b.collectionId)];
      if (!products) return { status: 404, body: { error: { code: 'not_found', message: 'Колекції немає' } } };
      return {
        status: 200,
        body: {
          collection: {
            id: b.collectionId,
            category: 'x',
            title: `Колекція ${String(b.collectionId)}`,
            bonus: b.bonus === true,
          },
          products,
        },
      };
    },
  };
}

const ctxOf = (h: Awaited<ReturnType<typeof harness>>, online = true) => ({
  db: h.db,
  transport: h.transport,
  now: () => h.clock.t,
  online: () => online,
});

describe('catalogue puller (get-products-by-collection into Dexie)', () => {
  it('writes each collection of the active variant as the server answered it, and a row per product', async () => {
    const h = await harness({
      reply: api(
        shop({
          270101: [product(1), product(2, { available: false })],
          270103: [product(3, { category: 'bonus', price: 0, bonuses: 500, collectionId: 270103 })],
          270105: [product(2, { collectionId: 270105, category: 'popular' })],
        }),
      ),
    });
    await kvSet(h.db, 'variant', 'glo');
    expect(await runPuller(cataloguePuller('glo'), ctxOf(h))).toBe('pulled');

    const asked = h.seen.map((r) => JSON.parse(r.body ?? '{}') as Record<string, unknown>);
    expect(asked.map((b) => b.collectionId).sort()).toEqual(
      categoriesOf('glo')
        .map((c) => c.collectionId)
        .sort(),
    );
    expect(asked.find((b) => b.collectionId === 270103)).toEqual({ collectionId: 270103, bonus: true });
    expect(asked.every((b) => !('ogo' in b))).toBe(true);

    const sticks = await catalogueList(h.db, 'glo', 'sticks');
    expect(sticks.map((p) => [p.id, p.variantId, p.available, p.description, p.image])).toEqual([
      [1, 10, true, 'Опис 1', '/media/products/1.svg'],
      [2, 20, false, 'Опис 2', '/media/products/2.svg'],
    ]);
    expect((await catalogueList(h.db, 'glo', 'bonus'))[0]).toMatchObject({ price: 0, bonuses: 500 });
    expect((await catalogueList(h.db, 'glo', 'popular')).map((p) => p.id)).toEqual([2]);
    expect(await h.db.collections.get(['glo', 270101])).toMatchObject({
      category: 'sticks',
      title: 'Колекція 270101',
      fetchedAt: h.clock.t,
    });
    // Collections the server does not have (404) are simply absent.
    expect(await h.db.collections.get(['glo', 270102])).toBeUndefined();
    expect(await h.db.products.get(['glo', 3])).toMatchObject({ title: 'Товар 3', category: 'bonus' });
    // A product listed in «popular» keeps its own list for the detail page and favourites.
    expect(await h.db.products.get(['glo', 2])).toMatchObject({ category: 'sticks', collectionId: 270101 });
    expect(await freshUntil(h.db, 'catalogue-glo')).toBe(h.clock.t + CATALOGUE_FRESH_FOR);
  });

  it('pulls ogo with `ogo: true` only while ogo is active; drops products gone from every list', async () => {
    const lists: Record<number, ReturnType<typeof product>[]> = {
      370106: [product(7, { category: 'ogo-velo' }), product(8, { category: 'ogo-velo' })],
    };
    const h = await harness({ reply: api(shop(lists)) });
    await kvSet(h.db, 'variant', 'glo');
    expect(await runPuller(cataloguePuller('ogo'), ctxOf(h))).toBe('nothing');
    expect(h.seen).toHaveLength(0);

    await kvSet(h.db, 'variant', 'ogo');
    expect(await runPuller(cataloguePuller('ogo'), ctxOf(h))).toBe('pulled');
    expect(h.seen.every((r) => (JSON.parse(r.body ?? '{}') as { ogo?: boolean }).ogo === true)).toBe(true);
    expect(await h.db.products.where('[variant+category]').equals(['ogo', 'ogo-velo']).count()).toBe(2);

    lists[370106] = [product(8, { category: 'ogo-velo', price: 99 })];
    expect(await runPuller(cataloguePuller('ogo'), ctxOf(h), true)).toBe('pulled');
    expect(await h.db.products.get(['ogo', 7])).toBeUndefined();
    expect((await h.db.products.get(['ogo', 8]))?.price).toBe(99);
  });

  it('offline: skipped; an answer with an error field or no collection at all stores nothing (docs/rules.md#error-reactions)', async () => {
    const h = await harness({
      reply: api({
        '/api/api-shop/get-products-by-collection': () => ({
          status: 200,
          body: { collection: { id: 1, category: 's', title: 't', bonus: false }, products: [], error: 'boom' },
        }),
      }),
    });
    await kvSet(h.db, 'variant', 'glo');
    expect(await runPuller(cataloguePuller('glo'), ctxOf(h, false))).toBe('offline');
    expect(await runPuller(cataloguePuller('glo'), ctxOf(h))).toBe('failed');
    expect(await h.db.collections.count()).toBe(0);

    const empty = await harness({ reply: api(shop({})) });
    await kvSet(empty.db, 'variant', 'glo');
    expect(await runPuller(cataloguePuller('glo'), ctxOf(empty))).toBe('failed');
    expect(await freshUntil(empty.db, 'catalogue-glo')).toBe(0);
  });

  it('a sign-in or a variant switch asks for a pull; the first read does not', async () => {
    const h = await harness();
    let calls = 0;
    const stop = onSessionChange(h.db, () => (calls += 1));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(0);
    await kvSet(h.db, 'variant', 'ogo');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(1);
    stop();
  });
});

describe('cart refresh when the cart opens (docs/rules.md#states)', () => {
  it('keeps only the lines the server still returns, with their new price, and mirrors the change once', async () => {
    const server = metafieldServer();
    const h = await harness({
      reply: api({
        ...server.handlers,
        '/api/api-shop/get-products-by-id': (_r, b) => {
          const prods = b.prods as Array<{ id: number }>;
          return {
            status: 200,
            body: { products: prods.filter((p) => p.id !== 2).map((p) => product(p.id, { price: 200 })) },
          };
        },
      }),
    });
    await addProductToCart(h.db, GLO, productRow(1), 2);
    await addProductToCart(h.db, GLO, productRow(2));
    await h.outbox.replay();
    const before = h.sends().length;
    const rt = { db: h.db, transport: h.transport, online: { isOnline: () => true } };
    expect(await refreshCartOnOpen(rt, 'glo', () => h.clock.t)).toBe('pulled');
    expect((await localCart(h.db, 'glo')).map((l) => [l.productId, l.count, l.price])).toEqual([[1, 2, 200]]);
    expect(await h.db.outbox.count()).toBe(1);
    await h.outbox.replay();
    expect(h.sends()).toHaveLength(before + 1);
    expect(parseCartMirror(server.value(101, 'cart')!).map((l) => [l.productId, l.count, l.price])).toEqual([
      [1, 2, 200],
    ]);
    // Opened again a moment later: not asked again; nothing changed, nothing queued.
    expect(await refreshCartOnOpen(rt, 'glo', () => h.clock.t)).toBe('fresh');
  });

  it('is skipped offline, and queues nothing when the server answers the same prices', async () => {
    const h = await harness({
      reply: api({
        '/api/api-shop/get-products-by-id': (_r, b) => ({
          status: 200,
          body: { products: (b.prods as Array<{ id: number }>).map((p) => product(p.id)) },
        }),
      }),
    });
    await addProductToCart(h.db, GLO, productRow(1));
    await h.db.outbox.clear();
    const rt = { db: h.db, transport: h.transport, online: { isOnline: () => false } };
    expect(await refreshCartOnOpen(rt, 'glo', () => h.clock.t)).toBe('offline');
    expect(await refreshCartOnOpen({ ...rt, online: { isOnline: () => true } }, 'glo', () => h.clock.t)).toBe('pulled');
    expect(await h.db.outbox.count()).toBe(0);
  });
});
