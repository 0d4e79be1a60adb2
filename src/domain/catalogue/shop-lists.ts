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
