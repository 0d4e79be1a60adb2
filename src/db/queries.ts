import type { ClubDb } from './database';
import type { ProductRow, Variant } from './rows-catalogue';

/**
 * The products of a catalogue category (docs/rules.md#constants categories) in display order: the lists of its
 * collections, each one stored row (see CollectionRow).
 */
export async function catalogueList(db: ClubDb, variant: Variant, category: string): Promise<ProductRow[]> {
  const collections = await db.collections.where('[variant+category]').equals([variant, category]).sortBy('id');
  return collections.length === 1 ? collections[0]!.products : collections.flatMap((c) => c.products);
}
