/** A shop variant: glo and ogo each have their own catalogue, cart and orders (docs/rules.md#product). */
export type ShopVariant = 'glo' | 'ogo';

export type CategorySlug =
  | 'sticks'
  | 'devices'
  | 'bonus'
  | 'accessories'
  | 'popular'
  | 'ogo-devices'
  | 'ogo-bonus'
  | 'ogo-sticks'
  | 'ogo-sticks-single'
  | 'ogo-cigs'
  | 'ogo-velo'
  | 'ogo-accessories'
  | 'ogo-merch';

/** One catalogue category: a list route `/shop/<slug>` and the shop collection behind it. */
export interface Category {
  slug: CategorySlug;
  variant: ShopVariant;
  /** The configured shop collection id (docs/rules.md#constants: "collection ids are configured"). */
  collectionId: number;
  /** Ukrainian title shown on the tile and the list. */
  title: string;
  /** Items of this list are paid with XP (bonus price), not money. */
  bonus: boolean;
}

/**
 * The catalogue categories of docs/rules.md#constants: twelve, plus `ogo-merch`, which has routes (/shop/ogo-merch and its
 * detail pages, docs/rules.md#screens) but was not among the product's original categories.
 */
export const CATEGORIES: readonly Category[] = [
  { slug: 'sticks', variant: 'glo', collectionId: 270101, title: 'Стіки', bonus: false },
  { slug: 'devices', variant: 'glo', collectionId: 270102, title: 'Пристрої', bonus: false },
  { slug: 'bonus', variant: 'glo', collectionId: 270103, title: 'Бонусні пропозиції', bonus: true },
  { slug: 'accessories', variant: 'glo', collectionId: 270104, title: 'Аксесуари', bonus: false },
  { slug: 'popular', variant: 'glo', collectionId: 270105, title: 'Популярне', bonus: false },
  { slug: 'ogo-devices', variant: 'ogo', collectionId: 370101, title: 'Пристрої', bonus: false },
  { slug: 'ogo-bonus', variant: 'ogo', collectionId: 370102, title: 'Бонусні пропозиції', bonus: true },
  { slug: 'ogo-sticks', variant: 'ogo', collectionId: 370103, title: 'Стіки блоками', bonus: false },
  { slug: 'ogo-sticks-single', variant: 'ogo', collectionId: 370104, title: 'Стіки поштучно', bonus: false },
  { slug: 'ogo-cigs', variant: 'ogo', collectionId: 370105, title: 'Сигарети', bonus: false },
  { slug: 'ogo-velo', variant: 'ogo', collectionId: 370106, title: 'Нікотинові паучі velo', bonus: false },
  { slug: 'ogo-accessories', variant: 'ogo', collectionId: 370107, title: 'Аксесуари', bonus: false },
  { slug: 'ogo-merch', variant: 'ogo', collectionId: 370108, title: 'Мерч', bonus: false },
];

export function categoriesOf(variant: ShopVariant): Category[] {
  return CATEGORIES.filter((c) => c.variant === variant);
}

export function categoryBySlug(slug: string): Category | undefined {
  return CATEGORIES.find((c) => c.slug === slug);
}

export function categoryByCollectionId(collectionId: number): Category | undefined {
  return CATEGORIES.find((c) => c.collectionId === collectionId);
}

/** Product tags the rules read (docs/rules.md#entities, docs/rules.md#validation). */
export const PRODUCT_TAGS = {
  /** The local courier (iPost) may carry it; iPost needs it on every cart item. */
  ipostAllow: 'ipost_allow',
  /** A velo oral-pouch product: the velo promo applies to it. */
  velo: 'velo',
  /** A free velo pack chosen as a gift; excludes the velo promo. */
  veloGift: 'velo_gift',
  /** A tasting set of several flavours (get-orders' mixPackIds). */
  mixPack: 'mix_pack',
} as const;
