import { MAX_CART_LINES } from '../../../src/domain/cart/cart';
import type { Db } from '../../db/connect';
import { unprocessable } from '../../errors';
import type { Customer } from '../../members';

/** The most favourites one record keeps. */
export const MAX_FAVOURITES = 500;

function idsOf(value: string): number[] {
  try {
    const v: unknown = JSON.parse(value);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isSafeInteger(x)) : [];
  } catch {
    return [];
  }
}

function linesOf(value: string): Map<number, number> {
  const out = new Map<number, number>();
  try {
    const v: unknown = JSON.parse(value);
    if (!Array.isArray(v)) return out;
    for (const l of v as Array<Record<string, unknown> | null>) {
      if (l && Number.isSafeInteger(l.variant_id) && Number.isSafeInteger(l.count))
        out.set(l.variant_id as number, l.count as number);
    }
  } catch {
    /* not a cart: nothing in it */
  }
  return out;
}

/**
 * The club's rules for the shop metafields the app writes (`pwa`/`favorites`, `pwa`/`cart`):
 * at most MAX_FAVOURITES favourites and MAX_CART_LINES cart lines; a cart line added, or made
 * bigger, must be a product on sale now, judged against what the record holds now (one that went
 * out of stock while a device was offline is refused, with its name); less is always allowed.
 * Throws 422 with a Ukrainian message.
 */
export async function checkShopMetafield(
  db: Db,
  customer: Customer,
  namespace: string,
  key: string,
  value: string,
): Promise<void> {
  if (namespace !== 'pwa' || (key !== 'favorites' && key !== 'cart')) return;
  if (customer.variant !== 'glo' && customer.variant !== 'ogo') return;
  const current = await db
    .selectFrom('metafields')
    .select('value')
    .where('customer_id', '=', customer.id)
    .where('namespace', '=', namespace)
    .where('key', '=', key)
    .executeTakeFirst();
  if (key === 'favorites') {
    const ids = idsOf(value);
    if (ids.length > MAX_FAVOURITES)
      throw unprocessable('too_many_favourites', `В обраному може бути не більше ${MAX_FAVOURITES} товарів`);
    return;
  }
  const lines = linesOf(value);
  if (lines.size > MAX_CART_LINES)
    throw unprocessable('cart_too_big', `У кошику може бути не більше ${MAX_CART_LINES} різних товарів`);
  const had = current ? linesOf(current.value) : new Map<number, number>();
  const grown = [...lines]
    .filter(([variantId, count]) => count > (had.get(variantId) ?? 0))
    .map(([variantId]) => variantId);
  if (!grown.length) return;
  const products = await db
    .selectFrom('products')
    .select(['variant_id', 'title', 'available'])
    .where('variant', '=', customer.variant)
    .where('variant_id', 'in', grown)
    .execute();
  if (products.length < grown.length) throw unprocessable('product_unknown', 'Такого товару вже немає в каталозі');
  const gone = products.find((p) => !p.available);
  if (gone) throw unprocessable('product_unavailable', `«${gone.title}» зараз немає в наявності`);
}
