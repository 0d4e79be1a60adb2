import { categoryBySlug } from '../../src/domain/catalogue/catalogue';
import type { AppDeps } from '../context';
import { GLO_CATALOGUE, GLO_POPULAR } from './shop-catalogue-glo';
import { OGO_CATALOGUE } from './shop-catalogue-ogo';

/**
 * The demo catalogue of both variants: every category of src/domain/catalogue/catalogue.ts with its
 * products (ten or more each), and the curated popular list. Runs once: skipped when products exist.
 */
export async function seedCatalogue(deps: AppDeps): Promise<void> {
  const any = await deps.db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const at = new Date(deps.clock.now().getTime() - 200 * 86_400_000).toISOString();
  const ids = new Map<string, number>();
  for (const group of [...GLO_CATALOGUE, ...OGO_CATALOGUE]) {
    const cat = categoryBySlug(group.slug);
    if (!cat) throw new Error(`unknown category ${group.slug}`);
    const rows = await deps.db
      .insertInto('products')
      .values(
        group.products.map((p, i) => ({
          variant: cat.variant,
          sku: `${group.slug}-${p.key}`,
          // The shop's variant ids: the collection's id and the place in it, e.g. 27010103.
          variant_id: cat.collectionId * 100 + i + 1,
          collection_id: cat.collectionId,
          category: cat.slug,
          title: p.title,
          sub_title: p.sub,
          description: p.description,
          price: Math.round(p.price * 100),
          xp_price: p.xp ?? null,
          pack_size: p.pack ?? 1,
          tags: JSON.stringify(p.tags ?? []),
          available: p.out ? 0 : 1,
          art: JSON.stringify(p.art),
          sort: i,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning(['id', 'sku', 'sort'])
      .execute();
    for (const r of rows) ids.set(r.sku, r.id);
    await deps.db
      .insertInto('collection_products')
      .values(rows.map((r) => ({ collection_id: cat.collectionId, product_id: r.id, sort: r.sort })))
      .execute();
  }
  const popular = categoryBySlug(GLO_POPULAR.slug);
  if (!popular) throw new Error('no popular collection');
  await deps.db
    .insertInto('collection_products')
    .values(
      GLO_POPULAR.skus.map((sku, i) => {
        const id = ids.get(sku);
        if (id === undefined) throw new Error(`popular pick ${sku} is not in the catalogue`);
        return { collection_id: popular.collectionId, product_id: id, sort: i };
      }),
    )
    .execute();
}
