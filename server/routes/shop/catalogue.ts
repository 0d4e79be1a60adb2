import type { Hono } from 'hono';
import { getProductById, getProductsByCollection, getProductsById } from '../../../src/contract/shop-catalogue';
import type { Category } from '../../../src/domain/catalogue/catalogue';
import type { AppEnv } from '../../context';
import type { Db } from '../../db/connect';
import { mount, requestRevisions } from '../../http/route';
import { variantOf } from '../../members';
import { cachedList } from './catalogue-cache';
import { collectionOf, collectionProducts, productOfVariant, productsByVariantIds, toProduct } from './catalogue-data';

/** A collection's list as of the catalogue `revision`, serialized once (catalogue-cache.ts). */
export function collectionList(db: Db, revision: number, cat: Category, bonusOnly: boolean) {
  return cachedList(db, revision, `${cat.variant}:${cat.collectionId}:${bonusOnly}`, async () => ({
    collection: { id: cat.collectionId, category: cat.slug, title: cat.title, bonus: cat.bonus },
    products: (await collectionProducts(db, cat, bonusOnly)).map((r) => toProduct(r, cat)),
  }));
}

/** get-products-by-collection, get-product-by-id, get-products-by-id (docs/api.md#shop). */
export function registerCatalogue(app: Hono<AppEnv>): void {
  // Served from the serialized answer of the catalogue's current revision (catalogue-cache.ts).
  mount(app, getProductsByCollection, async ({ input, deps, c }) => {
    const cat = collectionOf(input.collectionId, variantOf(input.ogo));
    const { catalogue } = await requestRevisions(c);
    return collectionList(deps.db, catalogue, cat, input.bonus === true);
  });

  mount(app, getProductById, async ({ input, deps }) => ({
    product: toProduct(await productOfVariant(deps.db, input.id, variantOf(input.ogo))),
  }));

  // docs/rules.md#states cart refresh: a line survives only while its product is on sale in this variant,
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
