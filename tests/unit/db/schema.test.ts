import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { ClubDb } from '../../../src/db/database';
import { clearFresh, freshUntil, kvDelete, kvGet, kvSet, markFresh } from '../../../src/db/kv';
import { catalogueList } from '../../../src/db/queries';
import { resetAllStores } from '../../../src/db/reset';
import { DB_VERSION, STORES_V1, STORES_V2, STORES_V4, type OutboxEntryV1 } from '../../../src/db/schema';
import { cartRow } from './support/cart-row';

let n = 0;
const opened: Dexie[] = [];
function freshName() {
  n += 1;
  return `schema-test-${n}-${Date.now()}`;
}
afterEach(async () => {
  for (const d of opened.splice(0)) {
    d.close();
    await Dexie.delete(d.name);
  }
});

describe('local database schema', () => {
  it('opens at the current version with every store and index of STORES_V4', async () => {
    const db = new ClubDb(freshName());
    opened.push(db);
    await db.open();
    expect(db.verno).toBe(DB_VERSION);
    expect(db.tables.map((t) => t.name).sort()).toEqual(Object.keys(STORES_V4).sort());
    expect(db.outbox.schema.indexes.map((i) => i.name).sort()).toEqual(['kind', 'nextAttemptAt', 'seq', 'state']);
    expect(db.cart.schema.primKey.keyPath).toEqual(['variant', 'variantId']);
  });

  it('keeps one cart per variant under compound keys (docs/rules.md#entities)', async () => {
    const db = new ClubDb(freshName());
    opened.push(db);
    const line = cartRow({ variantId: 11, productId: 1, count: 2, collectionId: 3 });
    await db.cart.bulkPut([
      { ...line, variant: 'glo' },
      { ...line, variant: 'ogo', count: 5 },
    ]);
    expect((await db.cart.get(['glo', 11]))?.count).toBe(2);
    expect((await db.cart.get(['ogo', 11]))?.count).toBe(5);
    expect(await db.cart.where('variant').equals('glo').count()).toBe(1);
  });

  it('upgrades a version-1 database with data to the current version', async () => {
    const name = freshName();
    const v1 = new Dexie(name);
    v1.version(1).stores(STORES_V1);
    await v1.table('kv').bulkPut([
      { key: 'variant', value: 'ogo', updatedAt: 1 },
      { key: 'customerIds', value: { glo: 5, ogo: 7 }, updatedAt: 1 },
      { key: 'pwaToken', value: 'tok', updatedAt: 1 },
    ]);
    await v1.table('products').put({
      variant: 'glo',
      id: 1,
      category: 'sticks',
      collectionId: 3,
      title: 'Стіки',
      subTitle: '',
      price: 90,
      bonuses: null,
      quantity: 20,
      tags: [],
      image: null,
      fetchedAt: 1,
    });
    await v1
      .table('collections')
      .put({ variant: 'glo', id: 3, category: 'sticks', title: 'Стіки', productIds: [1], fetchedAt: 5 });
    await v1.table('cart').put({
      variant: 'glo',
      variantId: 11,
      productId: 1,
      count: 1,
      price: 90,
      bonuses: 0,
      collectionId: 3,
      tags: [],
      quantity: 20,
    });
    await v1.table('favourites').put({ variant: 'ogo', productId: 9, addedAt: 2 });
    const old: OutboxEntryV1[] = [
      {
        id: 'aaaaaaaa-0000-4000-8000-000000000001',
        seq: 1,
        kind: 'favourite-toggle',
        payload: { productId: 9, on: true },
        createdAt: 1000,
        state: 'pending',
      },
      {
        id: 'aaaaaaaa-0000-4000-8000-000000000002',
        seq: 2,
        kind: 'analytics-event',
        payload: { event: 'x', pageUrl: '/' },
        createdAt: 2000,
        state: 'failed',
        error: 'Відмовлено',
      },
    ];
    await v1.table('outbox').bulkAdd(old);
    v1.close();

    const db = new ClubDb(name);
    opened.push(db);
    await db.open();
    expect(db.verno).toBe(DB_VERSION);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      id: old[0]!.id,
      seq: 1,
      account: { variant: 'ogo', customerId: 7 },
      attempts: 0,
      nextAttemptAt: 1000,
      lastError: null,
      state: 'pending',
    });
    expect(entries[1]).toMatchObject({ state: 'failed', lastError: { message: 'Відмовлено', status: 0 } });
    expect(entries[1]).not.toHaveProperty('error');
    expect(await db.outbox.where('nextAttemptAt').below(1500).count()).toBe(1);
    expect(await db.cart.get(['glo', 11])).toMatchObject({
      addedAt: 0,
      title: 'Стіки',
      subTitle: '',
      image: null,
      category: 'sticks',
    });
    expect(await db.products.get(['glo', 1])).toMatchObject({
      title: 'Стіки',
      variantId: 1,
      description: '',
      available: true,
    });
    expect(await db.collections.get(['glo', 3])).toEqual({
      variant: 'glo',
      id: 3,
      category: 'sticks',
      title: 'Стіки',
      products: [],
      fetchedAt: 0,
    });
    expect(await catalogueList(db, 'glo', 'sticks')).toEqual([]);
    expect(await db.favourites.count()).toBe(1);
    expect(await db.orders.count()).toBe(0);
    await db.scans.put({
      code: 'c',
      variant: 'glo',
      state: 'waiting',
      scannedAt: 1,
      via: 'camera',
      xp: null,
      product: null,
      message: null,
      entryId: null,
    });
    expect(await db.scans.where('state').equals('waiting').count()).toBe(1);
  });

  it('upgrades version 2 to 3: products get their new fields, collections go stale, cart lines their snapshot', async () => {
    const name = freshName();
    const v2 = new Dexie(name);
    v2.version(1).stores(STORES_V1);
    v2.version(2).stores(STORES_V2);
    const old = {
      variant: 'ogo',
      id: 4,
      category: 'ogo-velo',
      collectionId: 370106,
      title: 'velo Ice',
      subTitle: 'М’ята',
      price: 150,
      bonuses: null,
      quantity: 20,
      tags: ['velo'],
      image: '/media/products/4.svg',
      fetchedAt: 9,
    };
    await v2.table('products').put(old);
    await v2
      .table('collections')
      .put({ variant: 'ogo', id: 370106, category: 'ogo-velo', title: 'velo', products: [old], fetchedAt: 9 });
    await v2.table('cart').bulkPut([
      {
        variant: 'ogo',
        variantId: 40,
        productId: 4,
        count: 2,
        price: 150,
        bonuses: 0,
        collectionId: 370106,
        tags: ['velo'],
        quantity: 20,
        addedAt: 3,
      },
      {
        variant: 'ogo',
        variantId: 50,
        productId: 5,
        count: 1,
        price: 90,
        bonuses: 0,
        collectionId: 370106,
        tags: [],
        quantity: 1,
        addedAt: 4,
      },
    ]);
    v2.close();

    const db = new ClubDb(name);
    opened.push(db);
    await db.open();
    expect(db.verno).toBe(DB_VERSION);
    expect(await db.products.get(['ogo', 4])).toMatchObject({
      variantId: 4,
      description: '',
      available: true,
      title: 'velo Ice',
    });
    const c = await db.collections.get(['ogo', 370106]);
    expect(c?.fetchedAt).toBe(0);
    expect(c?.products[0]).toMatchObject({ variantId: 4, description: '', available: true });
    expect(await db.cart.get(['ogo', 40])).toMatchObject({
      count: 2,
      title: 'velo Ice',
      subTitle: 'М’ята',
      image: '/media/products/4.svg',
      category: 'ogo-velo',
    });
    expect(await db.cart.get(['ogo', 50])).toMatchObject({
      count: 1,
      title: '',
      subTitle: '',
      image: null,
      category: '',
    });
  });

  it('resets every store at once (logout, docs/rules.md#states), but the database’s own random name', async () => {
    const db = new ClubDb(freshName());
    opened.push(db);
    await kvSet(db, 'pwaToken', 't');
    await kvSet(db, 'storeId', 'store-1');
    await db.favourites.put({ variant: 'glo', productId: 1, addedAt: 1 });
    await db.news.put({
      variant: 'glo',
      id: 'n1',
      title: 'Новина',
      bodyHtml: '',
      image: null,
      publishedAt: '2026-01-01',
    });
    await resetAllStores(db);
    for (const t of db.tables) expect(await t.count(), t.name).toBe(t.name === 'kv' ? 1 : 0);
    expect(await kvGet(db, 'storeId')).toBe('store-1');
  });
});

describe('catalogue lists', () => {
  it("reads a category as its collections' lists, in display order", async () => {
    const db = new ClubDb(freshName());
    opened.push(db);
    const p = (id: number, collectionId: number) => ({
      variant: 'glo' as const,
      id,
      variantId: id,
      category: 'devices',
      collectionId,
      title: `P${id}`,
      subTitle: '',
      price: 1,
      bonuses: null,
      quantity: 1,
      tags: [],
      image: null,
      description: '',
      available: true,
      fetchedAt: 1,
    });
    await db.collections.bulkPut([
      { variant: 'glo', id: 2, category: 'devices', title: 'B', products: [p(3, 2)], fetchedAt: 1 },
      { variant: 'glo', id: 1, category: 'devices', title: 'A', products: [p(2, 1), p(1, 1)], fetchedAt: 1 },
      { variant: 'ogo', id: 1, category: 'devices', title: 'O', products: [p(9, 1)], fetchedAt: 1 },
    ]);
    expect((await catalogueList(db, 'glo', 'devices')).map((x) => x.id)).toEqual([2, 1, 3]);
    expect(await catalogueList(db, 'glo', 'sticks')).toEqual([]);
  });
});

describe('key-value store', () => {
  it('reads and writes typed keys and freshness stamps', async () => {
    const db = new ClubDb(freshName());
    opened.push(db);
    expect(await kvGet(db, 'pwaToken')).toBeUndefined();
    await kvSet(db, 'customerIds', { glo: 1 });
    await kvSet(db, 'batToken', { token: 'b', expiresAt: '2030-01-01T00:00:00.000Z' });
    expect(await kvGet(db, 'customerIds')).toEqual({ glo: 1 });
    await kvDelete(db, 'batToken');
    expect(await kvGet(db, 'batToken')).toBeUndefined();
    expect(await freshUntil(db, 'versionCheck')).toBe(0);
    await markFresh(db, 'versionCheck', 12345);
    expect(await freshUntil(db, 'versionCheck')).toBe(12345);
    await clearFresh(db, 'versionCheck');
    expect(await freshUntil(db, 'versionCheck')).toBe(0);
  });
});
