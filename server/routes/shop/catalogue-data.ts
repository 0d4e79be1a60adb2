import type { Product } from '../../../src/contract/shop-catalogue';
import { categoryByCollectionId, type Category, type ShopVariant } from '../../../src/domain/catalogue/catalogue';
import type { Db } from '../../db/connect';
import { notFound } from '../../errors';
import type { Selectable } from 'kysely';
import type { ProductsTable } from '../../db/tables/catalogue';

/** A products row as stored. */
export type ProductRow = Selectable<ProductsTable>;

/** Where a product's drawing is served (long-cached, outside the API key guard). */
export const productImage = (id: number) => `/media/products/${id}.webp`;

export function productTags(row: Pick<ProductRow, 'tags'>): string[] {
  try {
    const v: unknown = JSON.parse(row.tags);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A catalogue row as the contract's product. `listedIn` is the collection it was listed in
 * (popular lists products whose home is another collection), so the app's detail route and
 * back arrow stay in the list the member came from.
 */
export function toProduct(row: ProductRow, listedIn?: Category): Product {
  const home = categoryByCollectionId(row.collection_id);
  const cat = listedIn ?? home;
  return {
    id: row.id,
    variant_id: row.variant_id,
    title: row.title,
    subTitle: row.sub_title,
    description: row.description,
    price: row.price / 100,
    bonuses: row.xp_price,
    collectionId: cat?.collectionId ?? row.collection_id,
    category: cat?.slug ?? row.category,
    quantity: row.pack_size,
    tags: productTags(row),
    image: productImage(row.id),
    available: row.available === 1,
  };
}

/** A collection of the variant asked for; another variant's (or an unknown one) is 404. */
export function collectionOf(collectionId: number, variant: ShopVariant): Category {
  const cat = categoryByCollectionId(collectionId);
  if (!cat || cat.variant !== variant) throw notFound('Такої колекції в цьому магазині немає', 'collection_not_found');
  return cat;
}

/** The products a collection lists, in display order. */
export function collectionProducts(db: Db, cat: Category, bonusOnly: boolean): Promise<ProductRow[]> {
  let q = db
    .selectFrom('collection_products as cp')
    .innerJoin('products as p', 'p.id', 'cp.product_id')
    .selectAll('p')
    .where('cp.collection_id', '=', cat.collectionId)
    .where('p.variant', '=', cat.variant);
  if (bonusOnly) q = q.where('p.xp_price', 'is not', null);
  return q.orderBy('cp.sort').orderBy('p.id').execute();
}

export async function productOfVariant(db: Db, id: number, variant: ShopVariant): Promise<ProductRow> {
  const row = await db
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .where('variant', '=', variant)
    .executeTakeFirst();
  if (!row) throw notFound('Такого товару в цьому магазині немає', 'product_not_found');
  return row;
}

/** Products by their variant ids (any variant: the caller decides what a foreign one means). */
export async function productsByVariantIds(db: Db, variantIds: readonly number[]): Promise<Map<number, ProductRow>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .selectAll()
    .where('variant_id', 'in', [...new Set(variantIds)])
    .execute();
  return new Map(rows.map((r) => [r.variant_id, r]));
}
