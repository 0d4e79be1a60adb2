import type { CategorySlug } from '../../src/domain/catalogue/catalogue';
import type { ProductArt } from '../routes/shop/product-art';

/** One demo product as written in the seed files; prices in UAH, turned into kopiykas on insert. */
export interface SeedProduct {
  /** Unique within its category; the sku is `<category>-<key>`. */
  key: string;
  title: string;
  sub: string;
  description: string;
  /** UAH; 0 for bonus items (paid with XP) and gifts. */
  price: number;
  /** XP price of a bonus item. */
  xp?: number;
  /** Pieces per unit (sticks, cigarettes, pouches). */
  pack?: number;
  tags?: string[];
  /** Out of stock. */
  out?: boolean;
  art: ProductArt;
}

export interface SeedCategory {
  slug: CategorySlug;
  products: SeedProduct[];
}

/** A curated collection (popular): products of other categories, by sku. */
export interface SeedPicks {
  slug: CategorySlug;
  skus: string[];
}

export const AGE_NOTE = 'Лише для повнолітніх. Містить нікотин, який викликає залежність.';
