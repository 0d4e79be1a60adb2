import { SHOP_DETAIL_LISTS } from '../../../domain/shop-lists';

const SHOP = 'src/features/shop';

/** The catalogue, favourites and cart. Every list route shares one page module, and every detail route another. */
export const SHOP_PAGES: Record<string, string> = {
  '/shop': `${SHOP}/shop-page.tsx`,
  '/shop/cart': `${SHOP}/cart-page.tsx`,
  '/shop/favorite': `${SHOP}/favorite-page.tsx`,
  '/shop/choose-velo': `${SHOP}/choose-velo-page.tsx`,
  ...Object.fromEntries(SHOP_DETAIL_LISTS.map((list) => [`/shop/${list}`, `${SHOP}/list-page.tsx`])),
  ...Object.fromEntries(SHOP_DETAIL_LISTS.map((list) => [`/shop/${list}/:id`, `${SHOP}/product-page.tsx`])),
};
