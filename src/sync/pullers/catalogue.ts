import { liveQuery } from 'dexie';
import { ApiCallError } from '../../api/errors';
import { shopApi } from '../../api/groups/shop';
import type { Product } from '../../contract/shop-catalogue';
import type { ClubDb } from '../../db/database';
import type { ProductRow, Variant } from '../../db/rows-catalogue';
import { categoriesOf, type Category, type ShopVariant } from '../../domain/catalogue/catalogue';
import { readSession } from '../auth/session';
import type { Puller } from './puller';

/**
 * The catalogue counts as fresh for 15 minutes (docs/rules.md#constants names no lifetime for it; prices and stock
 * change during the day, but not by the minute). A variant switch or a new sign-in pulls at once.
 */
export const CATALOGUE_FRESH_FOR = 15 * 60_000;

/** The shop a session's variant shows: ogo, or else glo (as the app shell reads the flag, src/state/session.ts). */
export function shopVariantOf(v: Variant): ShopVariant {
  return v === 'ogo' ? 'ogo' : 'glo';
}

interface PulledCollection {
  category: Category;
  /** null: the server has no such collection (404); what is stored for it goes. */
  answer: { title: string; products: Product[] } | null;
}

export function productRow(variant: ShopVariant, p: Product, fallbackCategory: string, now: number): ProductRow {
  return {
    variant,
    id: p.id,
    variantId: p.variant_id,
    category: p.category || fallbackCategory,
    collectionId: p.collectionId,
    title: p.title,
    subTitle: p.subTitle,
    price: p.price,
    bonuses: p.bonuses,
    quantity: p.quantity,
    tags: p.tags,
    image: p.image || null,
    description: p.description,
    available: p.available,
    fetchedAt: now,
  };
}

/**
 * The catalogue of one shop (docs/api.md#shop get-products-by-collection, one call per category of
 * src/domain/catalogue/catalogue.ts, `ogo: true` for ogo, `bonus: true` for the XP lists), pulled only
 * while that shop is the active variant's. Each collection row holds its whole list (what a list
 * screen reads); each product also gets a row of its own (the detail screen, favourites).
 */
export function cataloguePuller(variant: ShopVariant): Puller<PulledCollection[]> {
  return {
    name: `catalogue-${variant}`,
    freshFor: CATALOGUE_FRESH_FOR,
    tables: ['collections', 'products'],
    async fetch({ db, transport }) {
      const session = await readSession(db);
      if (!session || shopVariantOf(session.variant) !== variant) return null;
      const api = shopApi(transport);
      const pulled = await Promise.all(
        categoriesOf(variant).map(async (category): Promise<PulledCollection> => {
          try {
            const r = await api.getProductsByCollection({
              collectionId: category.collectionId,
              ...(variant === 'ogo' ? { ogo: true } : {}),
              ...(category.bonus ? { bonus: true } : {}),
            });
            return { category, answer: { title: r.collection.title, products: r.products } };
          } catch (e) {
            if (e instanceof ApiCallError && e.kind === 'http' && e.status === 404) return { category, answer: null };
            throw e;
          }
        }),
      );
      // Every collection unknown is a server not ready (or misconfigured), not an empty shop.
      if (pulled.every((c) => c.answer === null)) throw new Error('no catalogue collection answered');
      return pulled;
    },
    async write(pulled, db, now) {
      // One row per product for the detail screen: the one from its own list, not from «popular»
      // (which lists products of other lists), so a favourite leads back to where it belongs.
      const rows = new Map<number, ProductRow>();
      for (const { category, answer } of pulled) {
        const key: [Variant, number] = [variant, category.collectionId];
        if (!answer) {
          await db.collections.delete(key);
          continue;
        }
        const products = answer.products.map((p) => productRow(variant, p, category.slug, now));
        for (const p of products) if (!rows.has(p.id) || category.slug !== 'popular') rows.set(p.id, p);
        await db.collections.put({
          variant,
          id: category.collectionId,
          category: category.slug,
          title: answer.title || category.title,
          products,
          fetchedAt: now,
        });
      }
      await db.products.bulkPut([...rows.values()]);
      // Products no longer in any list of this shop are gone from the catalogue.
      await db.products
        .where('[variant+id]')
        .between([variant, -Infinity], [variant, Infinity])
        .filter((p) => !rows.has(p.id))
        .delete();
    },
  };
}

/** Both shops' pullers; only the active variant's one pulls. */
export const CATALOGUE_PULLERS = [cataloguePuller('glo'), cataloguePuller('ogo')] as const;

/**
 * Calls `onChange` when the member signs in, out, or switches variant (not for the first read),
 * so the pullers run for the new account at once instead of at the next trigger. Returns a stop.
 */
export function onSessionChange(db: ClubDb, onChange: () => void): () => void {
  let last: string | null = null;
  const sub = liveQuery(async () =>
    JSON.stringify([(await db.kv.get('pwaToken'))?.value ?? null, (await db.kv.get('variant'))?.value ?? null]),
  ).subscribe({
    next(key) {
      if (last !== null && key !== last) onChange();
      last = key;
    },
    error: () => undefined,
  });
  return () => sub.unsubscribe();
}
