import type { Product } from '../../../src/contract/shop-catalogue';
import type { Db } from '../../db/connect';

/**
 * How long a collection's list is served from memory. The lists are the busiest read of the
 * shop and change only when the catalogue does; a change shows within this time on every
 * instance. Orders never read from here: create-order prices from the database.
 */
export const LIST_TTL_MS = 2_000;

interface Entry {
  expires: number;
  list: Promise<Product[]>;
}

const byDb = new WeakMap<Db, Map<string, Entry>>();

/** The list under `key`, loaded at most once per TTL however many requests ask at once. */
export function cachedList(db: Db, key: string, load: () => Promise<Product[]>): Promise<Product[]> {
  let entries = byDb.get(db);
  if (!entries) byDb.set(db, (entries = new Map()));
  const now = performance.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.list;
  const list = load();
  const entry = { expires: now + LIST_TTL_MS, list };
  entries.set(key, entry);
  // A failed load is not kept: the next request tries again.
  list.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return list;
}

/** Drops the cached lists of a database, for code that has just changed its catalogue. */
export function forgetLists(db: Db): void {
  byDb.delete(db);
}
