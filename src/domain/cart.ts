/**
 * A cart line (spec §3 "Cart line"). One cart per variant; a line is keyed by `variant_id`.
 * Prices in UAH; `bonuses` is the XP price of one unit (0 when it is paid with money).
 */
export interface CartLine {
  variant_id: number;
  /** Product id. */
  id: number;
  count: number;
  price: number;
  bonuses: number;
  collectionId: number;
  tags: string[];
  /** Pack size for sticks (pieces per unit), 1 otherwise. */
  quantity: number;
}

/** The most units of one line a cart holds; the server refuses more. */
export const MAX_LINE_COUNT = 99;

/** Spec §4: adds one unit, or one more of the line with the same variant. */
export function addToCart(lines: readonly CartLine[], item: Omit<CartLine, 'count'>): CartLine[] {
  const found = lines.find((l) => l.variant_id === item.variant_id);
  if (!found) return [...lines, { ...item, count: 1 }];
  return lines.map((l) => (l === found ? { ...l, count: Math.min(MAX_LINE_COUNT, l.count + 1) } : l));
}

/** Spec §4: one unit less, only while the count is above 1 (removing is a separate action). */
export function decrementLine(lines: readonly CartLine[], variantId: number): CartLine[] {
  return lines.map((l) => (l.variant_id === variantId && l.count > 1 ? { ...l, count: l.count - 1 } : l));
}

/** Spec §4: sets a line's count, kept within 1..MAX_LINE_COUNT; not a number leaves it unchanged. */
export function setLineCount(lines: readonly CartLine[], variantId: number, count: number): CartLine[] {
  if (!Number.isFinite(count)) return [...lines];
  const next = Math.min(MAX_LINE_COUNT, Math.max(1, Math.trunc(count)));
  return lines.map((l) => (l.variant_id === variantId ? { ...l, count: next } : l));
}

export function removeLine(lines: readonly CartLine[], variantId: number): CartLine[] {
  return lines.filter((l) => l.variant_id !== variantId);
}

/** What get-products-by-id answers for each product still on sale. */
export interface FreshProduct {
  variant_id: number;
  price: number;
  /** XP price, or null/0 when the product is paid with money. */
  bonuses: number | null;
}

/**
 * Spec §4 "refresh from server": keeps only the lines the server still returned, with their
 * current price and bonus price; counts and order stay as they were.
 */
export function refreshCart(lines: readonly CartLine[], fresh: readonly FreshProduct[]): CartLine[] {
  const byVariant = new Map(fresh.map((p) => [p.variant_id, p]));
  const out: CartLine[] = [];
  for (const l of lines) {
    const p = byVariant.get(l.variant_id);
    if (p) out.push({ ...l, price: p.price, bonuses: p.bonuses ?? 0 });
  }
  return out;
}
