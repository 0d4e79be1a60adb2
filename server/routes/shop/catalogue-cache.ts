import type { CallResponse } from '../../../src/contract/define';
import type { getProductsByCollection } from '../../../src/contract/shop-catalogue';
import type { Db } from '../../db/connect';
import { JsonText } from '../../http/json-text';

export type CollectionAnswer = CallResponse<typeof getProductsByCollection>;

/*
 * The collection lists are the busiest read of the shop and change only when the catalogue
 * does. Their answers are kept serialized, per database, under the `catalogue` revision
 * (server/db/revisions.ts): the database bumps it in the same transaction as any change to
 * `products` or `collection_products` (migration 008), whoever makes it (this process, another
 * instance on PostgreSQL, an operator's SQL). Each request takes the current revision, so a change
 * shows in the very next answer; there is no time-to-live and nothing to invalidate by hand.
 * Orders never read from here: create-order prices from the database.
 */

interface Entry {
  revision: number;
  answer: Promise<JsonText<CollectionAnswer>>;
}

const byDb = new WeakMap<Db, Map<string, Entry>>();

/**
 * The answer under `key` (variant, collection, filter), serialized: built by `build` and
 * stringified at most once per catalogue `revision` (the request's) however many requests ask at
 * once. The rows are read after the revision was, so an entry can only be newer than its
 * revision, never older.
 */
export function cachedList(
  db: Db,
  revision: number,
  key: string,
  build: () => Promise<CollectionAnswer>,
): Promise<JsonText<CollectionAnswer>> {
  let entries = byDb.get(db);
  if (!entries) byDb.set(db, (entries = new Map()));
  const hit = entries.get(key);
  if (hit && hit.revision === revision) return hit.answer;
  const entry: Entry = {
    revision,
    answer: build().then((answer) => new JsonText<CollectionAnswer>(JSON.stringify(answer))),
  };
  entries.set(key, entry);
  // A failed build is not kept: the next request tries again.
  entry.answer.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return entry.answer;
}
