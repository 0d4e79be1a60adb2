import { afterEach, describe, expect, it } from 'vitest';
import { ClubDb } from '../../../src/db/database';
import { QUOTA_MESSAGE, StorageFullError } from '../../../src/db/storage';
import { addProductToCart } from '../../../src/sync/mutations/shop/cart-change';
import { productRow } from '../sync/support/shop-fixtures';

/*
 * A full disk as the storage layer reports it: every add/put of IndexedDB (fake-indexeddb here)
 * throws QuotaExceededError, under the real Dexie transaction of a real domain action.
 */
const proto = globalThis.IDBObjectStore.prototype;
const original = { add: proto.add, put: proto.put };
function fillDisk(): void {
  for (const name of ['add', 'put'] as const) {
    proto[name] = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  }
}
afterEach(() => Object.assign(proto, original));

const account = { variant: 'glo' as const, customerId: 1 };

describe('a full disk while adding to the cart', () => {
  it('tells the member in Ukrainian that it was not saved, keeps everything stored before, and the same tap works once there is room', async () => {
    const db = new ClubDb(`full-disk-${Date.now()}`);
    await addProductToCart(db, account, productRow(1));

    fillDisk();
    const refused = await addProductToCart(db, account, productRow(2)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StorageFullError);
    expect((refused as Error).message).toBe(QUOTA_MESSAGE);
    Object.assign(proto, original);

    // Nothing half-written, nothing lost: the earlier line and its queued change are there.
    expect((await db.cart.toArray()).map((l) => [l.productId, l.count])).toEqual([[1, 1]]);
    expect((await db.outbox.toArray()).map((e) => e.kind)).toEqual(['cart-change']);

    await addProductToCart(db, account, productRow(2));
    expect((await db.cart.toArray()).map((l) => l.productId).sort()).toEqual([1, 2]);
    expect(await db.outbox.count()).toBe(2);
    db.close();
  });
});
