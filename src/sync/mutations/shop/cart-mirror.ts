import { MAX_LINE_COUNT, type CartLine } from '../../../domain/cart/cart';

// The cart as the `pwa`/`cart` metafield holds it: a JSON array of docs/rules.md#entities cart lines
// (variant_id, id, count, price, bonuses, collectionId, tags, quantity) plus what the cart shows.
// This file is where the wire's names meet the app's one shape of a line (src/domain/cart/cart.ts).

/** The server mirror's form of a line (docs/rules.md#entities "Cart line", plus what the cart shows). */
export function toMirror(lines: readonly CartLine[]): string {
  return JSON.stringify(
    lines.map((l) => ({
      variant_id: l.variantId,
      id: l.productId,
      count: l.count,
      price: l.price,
      bonuses: l.bonuses,
      collectionId: l.collectionId,
      tags: l.tags,
      quantity: l.quantity,
      title: l.title,
      subTitle: l.subTitle,
      image: l.image,
      category: l.category,
    })),
  );
}

const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : d);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Reads the `pwa`/`cart` metafield; malformed lines are dropped, a malformed value is an empty cart. */
export function parseCartMirror(value: string): CartLine[] {
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const out: CartLine[] = [];
  for (const r of raw as Array<Record<string, unknown> | null>) {
    if (!r || typeof r !== 'object' || !int(r.variant_id) || !int(r.id) || !int(r.count)) continue;
    if (out.some((l) => l.variantId === r.variant_id)) continue;
    out.push({
      variantId: r.variant_id,
      productId: r.id,
      count: Math.min(MAX_LINE_COUNT, r.count),
      price: num(r.price, 0),
      bonuses: num(r.bonuses, 0),
      collectionId: num(r.collectionId, 0),
      tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [],
      quantity: int(r.quantity) ? r.quantity : 1,
      title: str(r.title),
      subTitle: str(r.subTitle),
      image: typeof r.image === 'string' ? r.image : null,
      category: str(r.category),
    });
  }
  return out;
}
