import { ApiCallError } from '../../api/errors';
import { shopApi } from '../../api/groups/shop';
import type { Product } from '../../contract/shop-catalogue';
import type { ShopVariant } from '../../domain/catalogue/catalogue';
import { productRow } from './catalogue';
import type { Puller } from './puller';

/**
 * One product a deep link names that the stored catalogue lacks (docs/api.md#shop get-product-by-id):
 * written as a product row, so the detail page shows it at once. `null` answers "no such product
 * in this shop" (404), which leaves nothing behind; the page then says so.
 */
export function productByIdPuller(variant: ShopVariant, id: number): Puller<Product | 'missing'> {
  return {
    name: `product:${variant}:${id}`,
    freshFor: 5 * 60_000,
    tables: ['products'],
    async fetch({ transport }) {
      try {
        return (await shopApi(transport).getProductById({ id, ...(variant === 'ogo' ? { ogo: true } : {}) })).product;
      } catch (e) {
        if (e instanceof ApiCallError && e.kind === 'http' && e.status === 404) return 'missing';
        throw e;
      }
    },
    async write(p, db, now) {
      if (p === 'missing') return;
      // A row already written by the catalogue puller is as fresh and knows its list: keep it.
      if (await db.products.get([variant, p.id])) return;
      await db.products.put(productRow(variant, p, p.category, now));
    },
  };
}
