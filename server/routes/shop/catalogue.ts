import type { Hono } from 'hono';
import { getProductById, getProductsByCollection, getProductsById } from '../../../src/contract/shop-catalogue';
import type { AppEnv } from '../../context';
import { mount, requestRevisions } from '../../http/route';
import { variantOf } from '../../members';
import { cachedList } from './catalogue-cache';
import { collectionOf, collectionProducts, productOfVariant, productsByVariantIds, toProduct } from './catalogue-data';

/** get-products-by-collection, get-product-by-id, get-products-by-id (spec §7 "Shop"). */
export function registerCatalogue(app: Hono<AppEnv>): void {
  // Served from the serialized answer of the catalogue's current revision (catalogue-cache.ts).
  mount(app, getProductsByCollection, async ({ input, deps, c }) => {
    const cat = collectionOf(input.collectionId, variantOf(input.ogo));
    const bonusOnly = input.bonus === true;
    const { catalogue } = await requestRevisions(c);
    return cachedList(deps.db, catalogue, `${cat.variant}:${cat.collectionId}:${bonusOnly}`, async () => ({
      collection: { id: cat.collectionId, category: cat.slug, title: cat.title, bonus: cat.bonus },
      products: (await collectionProducts(deps.db, cat, bonusOnly)).map((r) => toProduct(r, cat)),
    }));
  });

  mount(app, getProductById, async ({ input, deps }) => ({
    product: toProduct(await productOfVariant(deps.db, input.id, variantOf(input.ogo))),
  }));

  // Spec §4 cart refresh: a line survives only while its product is on sale in this variant,
  // under the same product id; what the app thought the bonuses were is not consulted.
  mount(app, getProductsById, async ({ input, deps }) => {
    const variant = variantOf(input.ogo);
    const found = await productsByVariantIds(
      deps.db,
      input.prods.map((p) => p.variant_id),
    );
    const seen = new Set<number>();
    const products = [];
    for (const p of input.prods) {
      const row = found.get(p.variant_id);
      if (!row || row.id !== p.id || row.variant !== variant || row.available !== 1 || seen.has(row.id)) continue;
      seen.add(row.id);
      products.push(toProduct(row));
    }
    return { products };
  });
}
