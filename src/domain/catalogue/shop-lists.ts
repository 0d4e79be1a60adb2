import { categoryBySlug, type Category } from './catalogue';

/** docs/rules.md#screens: the shop lists that have detail routes /shop/{list}/{id}. */
export const SHOP_DETAIL_LISTS = [
  'bonus',
  'sticks',
  'devices',
  'popular',
  'ogo-cigs',
  'ogo-velo',
  'ogo-bonus',
  'ogo-merch',
  'accessories',
  'ogo-devices',
  'ogo-accessories',
  'ogo-sticks',
  'ogo-sticks-single',
] as const;

export type ShopList = (typeof SHOP_DETAIL_LISTS)[number];

/** Ukrainian titles of the shop lists. */
export const SHOP_LIST_TITLES: Record<ShopList | 'choose-velo' | 'favorite', string> = {
  bonus: 'Бонусні товари',
  sticks: 'Стіки',
  devices: 'Пристрої',
  popular: 'Популярне',
  accessories: 'Аксесуари',
  'ogo-cigs': 'Сигарети ogo',
  'ogo-velo': 'velo',
  'ogo-bonus': 'Бонуси ogo',
  'ogo-merch': 'Мерч ogo',
  'ogo-devices': 'Пристрої ogo',
  'ogo-accessories': 'Аксесуари ogo',
  'ogo-sticks': 'Стіки ogo',
  'ogo-sticks-single': 'Стіки поштучно',
  'choose-velo': 'Обери velo',
  favorite: 'Обране',
};

/** The catalogue category of a list screen's path (`/shop/sticks`), or undefined for any other path. */
export function listCategoryOfPath(path: string): Category | undefined {
  const [, shop, slug = '', ...rest] = path.split('/');
  if (shop !== 'shop' || rest.length || !(SHOP_DETAIL_LISTS as readonly string[]).includes(slug)) return undefined;
  return categoryBySlug(slug);
}
