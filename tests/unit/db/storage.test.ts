import { Dexie } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { ClubDb } from '../../../src/db/database';
import {
  closeOnVersionChange,
  explainStorageError,
  isQuotaError,
  QUOTA_MESSAGE,
  requestPersistence,
  StorageFullError,
} from '../../../src/db/storage';
import { mutate } from '../../../src/sync/engine/enqueue';
import { favouriteToggle } from '../../../src/sync/mutations/shop/favourite-toggle';

const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

describe('full storage (docs/architecture.md#outbox)', () => {
  it('recognises QuotaExceededError, also as the inner error of an AbortError', () => {
    expect(isQuotaError(quota())).toBe(true);
    expect(isQuotaError(new Dexie.AbortError('Transaction aborted', quota()))).toBe(true);
    expect(isQuotaError(new Dexie.QuotaExceededError('full'))).toBe(true);
    expect(isQuotaError(new Dexie.AbortError('Transaction aborted', new Error('other')))).toBe(false);
    expect(isQuotaError(new Error('x'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });

  it('turns a full disk during a domain action into a Ukrainian message and stores nothing', async () => {
    const db = new ClubDb(`quota-${Date.now()}`);
    await expect(
      mutate(db, favouriteToggle, {
        account: { variant: 'glo', customerId: 1 },
        change: async () => {
          await db.favourites.put({ variant: 'glo', productId: 1, addedAt: 1 });
          throw quota();
        },
      }),
    ).rejects.toSatisfy((e: unknown) => e instanceof StorageFullError && e.message === QUOTA_MESSAGE);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.favourites.count()).toBe(0);
    expect(explainStorageError(new Error('x'))).toBeInstanceOf(Error);
    expect(QUOTA_MESSAGE).toMatch(/місце/);
  });
});

describe('persistent storage', () => {
  it('asks once and reports the answer; false where the API is missing or throws', async () => {
    const persist = vi.fn(async () => true);
    expect(await requestPersistence({ persisted: async () => false, persist })).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
    const again = vi.fn(async () => true);
    expect(await requestPersistence({ persisted: async () => true, persist: again })).toBe(true);
    expect(again).not.toHaveBeenCalled();
    expect(await requestPersistence(undefined)).toBe(false);
    expect(await requestPersistence({ persist: async () => Promise.reject(new Error('no')) })).toBe(false);
  });
});

describe('a newer tab upgrades the database', () => {
  it('closes this connection and reloads, so the upgrade is not blocked', async () => {
    const name = `vc-${Date.now()}`;
    const old = new ClubDb(name);
    await old.open();
    const reload = vi.fn();
    closeOnVersionChange(old, reload);
    const newer = new Dexie(name);
    newer.version(3).stores({ extra: 'id' });
    await newer.open();
    expect(newer.verno).toBe(3);
    expect(reload).toHaveBeenCalledOnce();
    expect(old.isOpen()).toBe(false);
    newer.close();
  });
});
