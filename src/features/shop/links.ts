import { SHOP_DETAIL_LISTS, type ShopList } from '../../domain/catalogue/shop-lists';
import type { ProductRow } from '../../db/rows-catalogue';
import { categoryByCollectionId, type ShopVariant } from '../../domain/catalogue/catalogue';

const LISTS: ReadonlySet<string> = new Set(SHOP_DETAIL_LISTS);

export const isShopList = (slug: string): slug is ShopList => LISTS.has(slug);

/** The list a product's detail page belongs to (its back arrow leads there). */
export function homeListOf(p: Pick<ProductRow, 'category' | 'collectionId'>, variant: ShopVariant): ShopList {
  if (isShopList(p.category)) return p.category;
  const c = categoryByCollectionId(p.collectionId)?.slug;
  if (c && isShopList(c)) return c;
  return variant === 'glo' ? 'sticks' : 'ogo-sticks';
}

export const detailPath = (list: string, id: number) => `/shop/${list}/${id}`;

/** The detail page of a product seen outside its lists (favourites, cart, the shop home). */
export const productPath = (p: Pick<ProductRow, 'category' | 'collectionId' | 'id'>, variant: ShopVariant) =>
  detailPath(homeListOf(p, variant), p.id);

/** The list slug of a list or detail route path (`/shop/sticks`, `/shop/sticks/:id`). */
export function listOfPath(path: string): string {
  return path.split('/')[2] ?? '';
}
