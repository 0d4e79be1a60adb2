import { openStoredDatabase } from '../../db/peek-session';
import { listCategoryOfPath } from '../../domain/catalogue/shop-lists';
import { FIRST_VIEW_CARDS, listOrder } from '../../features/shop/grid/first-view';
import { PICTURE_SIZES, productSrcSet } from '../../features/shop/product/picture-forms';
import type { DraftProduct } from '../snapshot/list-draft';

interface StoredCollection {
  id: number;
  products: DraftProduct[];
}

/** A list's path and the products of its first view, from the catalogue stored on the device; null on other screens or when none is stored. */
export async function storedFirstView(
  path: string,
  idb?: IDBFactory,
): Promise<{ slug: string; products: DraftProduct[]; total: number } | null> {
  const category = listCategoryOfPath(path);
  if (!category) return null;
  const slug = category.slug;
  const db = await openStoredDatabase(idb);
  if (!db) return null;
  try {
    if (!db.objectStoreNames.contains('collections')) return null;
    const rows = await new Promise<StoredCollection[]>((resolve) => {
      const req = db
        .transaction('collections', 'readonly')
        .objectStore('collections')
        .index('[variant+category]')
        .getAll([category.variant, slug]);
      req.onsuccess = () => resolve(req.result as StoredCollection[]);
      req.onerror = () => resolve([]);
    });
    const products = rows.sort((a, b) => a.id - b.id).flatMap((r) => r.products ?? []);
    return { slug, products: listOrder(products).slice(0, FIRST_VIEW_CARDS), total: products.length };
  } catch {
    return null;
  } finally {
    db.close();
  }
}

/**
 * A member opening a list that has no kept copy on this device (src/main.tsx): the pictures of its
 * first rows, from the catalogue stored on the device (read with raw IndexedDB, opened as the stored
 * sign-in is: ../../db/peek-session.ts), are asked for now, in the forms its cards will ask for and at
 * the same high priority, rather than once the app's code has arrived and drawn the cards: on a slow
 * link that came a second and more later (bench/loading.bench.ts). Returns how many were asked for.
 */
export function preloadPictures(products: readonly DraftProduct[], doc: Document = document): number {
  const pictures = products.map((p) => p.image).filter((src): src is string => Boolean(src));
  for (const src of pictures) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.href = src;
    const set = productSrcSet(src);
    if (set) {
      link.setAttribute('imagesrcset', set);
      link.setAttribute('imagesizes', PICTURE_SIZES.card);
    }
    link.setAttribute('fetchpriority', 'high');
    doc.head.append(link);
  }
  return pictures.length;
}
