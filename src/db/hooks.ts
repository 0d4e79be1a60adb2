import { useLiveQuery } from 'dexie-react-hooks';
import type { ClubDb } from './database';
import { db as appDb } from './db';
import { kvGet, type KvKey, type KvValues } from './kv';
import { catalogueList } from './queries';
import type { CartLineRow, FavouriteRow, ProductRow, Variant } from './rows-catalogue';
import type { DocRow } from './rows-docs';
import type { ContentPageRow, DeviceRow, NewsRow, ScanHistoryRow } from './rows-member';

// Live queries for the screens: each re-renders when its rows change, in this tab or another.
// `undefined` means "still loading"; an empty array means "nothing stored".

/** Products of one catalogue category (docs/rules.md#constants categories), in display order. */
export function useCatalogue(variant: Variant, category: string, database: ClubDb = appDb): ProductRow[] | undefined {
  return useLiveQuery(() => catalogueList(database, variant, category), [database, variant, category]);
}

export function useProduct(variant: Variant, id: number, database: ClubDb = appDb): ProductRow | null | undefined {
  return useLiveQuery(async () => (await database.products.get([variant, id])) ?? null, [database, variant, id]);
}

/** The cart of a variant (docs/rules.md#entities: one cart per variant), oldest line first. */
export function useCart(variant: Variant, database: ClubDb = appDb): CartLineRow[] | undefined {
  return useLiveQuery(() => database.cart.where('variant').equals(variant).sortBy('addedAt'), [database, variant]);
}

export function useFavourites(variant: Variant, database: ClubDb = appDb): FavouriteRow[] | undefined {
  return useLiveQuery(
    () => database.favourites.where('variant').equals(variant).sortBy('addedAt'),
    [database, variant],
  );
}

export function useXpBalance(variant: Variant, database: ClubDb = appDb): number | null | undefined {
  return useLiveQuery(async () => (await database.xpBalance.get(variant))?.balance ?? null, [database, variant]);
}

export function useScanHistory(variant: Variant, database: ClubDb = appDb): ScanHistoryRow[] | undefined {
  return useLiveQuery(
    async () => (await database.scanHistory.where('variant').equals(variant).sortBy('createdAt')).reverse(),
    [database, variant],
  );
}

export function useDevices(variant: Variant, database: ClubDb = appDb): DeviceRow[] | undefined {
  return useLiveQuery(() => database.devices.where('variant').equals(variant).toArray(), [database, variant]);
}

export function useContentPage(
  variant: Variant,
  id: string,
  database: ClubDb = appDb,
): ContentPageRow | null | undefined {
  return useLiveQuery(async () => (await database.contentPages.get([variant, id])) ?? null, [database, variant, id]);
}

export function useNews(variant: Variant, database: ClubDb = appDb): NewsRow[] | undefined {
  return useLiveQuery(
    async () => (await database.news.where('variant').equals(variant).sortBy('publishedAt')).reverse(),
    [database, variant],
  );
}

/** One key of the key-value store (session, flags); `null` when unset. */
export function useKv<K extends KvKey>(key: K, database: ClubDb = appDb): KvValues[K] | null | undefined {
  return useLiveQuery(async () => (await kvGet(database, key)) ?? null, [database, key]);
}

/**
 * A server answer kept whole in `docs` (see src/sync/pullers/doc.ts): the row with its value and
 * `fetchedAt`, `null` when never pulled, `undefined` while loading.
 */
export function useDoc<T>(variant: Variant, key: string, database: ClubDb = appDb): DocRow<T> | null | undefined {
  return useLiveQuery(
    async () => ((await database.docs.get([variant, key])) as DocRow<T> | undefined) ?? null,
    [database, variant, key],
  );
}
