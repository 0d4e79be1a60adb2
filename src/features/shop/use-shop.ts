import { useLiveQuery } from 'dexie-react-hooks';
export { useNow, useOnline } from '../../state/online';
import { db } from '../../db/db';
import type { ProductRow } from '../../db/rows-catalogue';
import type { ShopVariant } from '../../domain/catalogue/catalogue';

// Live reads of the local database for the shop screens: `undefined` while loading.

export interface CatalogueState {
  /** Epoch ms of the oldest stored list of the shop; null when nothing is stored. */
  fetchedAt: number | null;
  /** Products per category slug. */
  counts: Record<string, number>;
}

/** How old the stored catalogue of a shop is, and how many products each list holds. */
export function useCatalogueState(variant: ShopVariant): CatalogueState | undefined {
  return useLiveQuery(async () => {
    const rows = await db.collections.where('variant').equals(variant).toArray();
    const counts: Record<string, number> = {};
    for (const r of rows) counts[r.category] = (counts[r.category] ?? 0) + r.products.length;
    const stamps = rows.map((r) => r.fetchedAt).filter((t) => t > 0);
    return { fetchedAt: stamps.length ? Math.min(...stamps) : null, counts };
  }, [variant]);
}

const NO_IDS: ReadonlySet<number> = new Set();

/** Product ids of the shop's favourites. */
export function useFavouriteIds(variant: ShopVariant): ReadonlySet<number> {
  return (
    useLiveQuery(
      async () => new Set((await db.favourites.where('variant').equals(variant).toArray()).map((f) => f.productId)),
      [variant],
    ) ?? NO_IDS
  );
}

const NO_COUNTS: ReadonlyMap<number, number> = new Map();

/** Units in the cart per product id. */
export function useCartCounts(variant: ShopVariant): ReadonlyMap<number, number> {
  return (
    useLiveQuery(async () => {
      const m = new Map<number, number>();
      for (const l of await db.cart.where('variant').equals(variant).toArray())
        m.set(l.productId, (m.get(l.productId) ?? 0) + l.count);
      return m;
    }, [variant]) ?? NO_COUNTS
  );
}

/** Stored products by id, in the order asked (ids not stored are left out). */
export function useProductsByIds(variant: ShopVariant, ids: readonly number[] | undefined): ProductRow[] | undefined {
  const key = ids ? `ids:${ids.join(',')}` : null;
  return useLiveQuery(async () => {
    if (!ids) return undefined;
    const rows = await db.products.bulkGet(ids.map((id): [ShopVariant, number] => [variant, id]));
    return rows.filter((r): r is ProductRow => r !== undefined);
  }, [variant, key]);
}

/** Every stored product of a shop carrying any of `tags`, each once, in catalogue order. */
export function useTaggedProducts(variant: ShopVariant, ...tags: string[]): ProductRow[] | undefined {
  return useLiveQuery(async () => {
    const seen = new Set<number>();
    const out: ProductRow[] = [];
    for (const c of await db.collections.where('variant').equals(variant).sortBy('id')) {
      for (const p of c.products) {
        if (p.tags.some((t) => tags.includes(t)) && !seen.has(p.id)) {
          seen.add(p.id);
          out.push(p);
        }
      }
    }
    return out;
  }, [variant, tags.join(',')]);
}
