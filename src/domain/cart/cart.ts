/**
 * The cart's rules (docs/rules.md#entities "Cart line", docs/rules.md#states), their one home: the shape of a line, the limits,
 * and every change a member makes. The local database (src/db), the outbox kind
 * (src/sync/mutations/shop/cart-change.ts), the screens and the server import them from here.
 */

/**
 * A cart line: one cart per variant, a line keyed by `variantId`. Prices in UAH; `bonuses` is the
 * XP price of one unit (0 when it is paid with money). On the wire (the `pwa`/`cart` metafield)
 * `variantId` is `variant_id` and `productId` is `id` (src/sync/mutations/shop/cart-mirror.ts).
 */
export interface CartLine {
  /** Shop variant id (`variant_id`): the key of a line within the cart. */
  variantId: number;
  productId: number;
  count: number;
  price: number;
  bonuses: number;
  collectionId: number;
  tags: string[];
  /** Pack size for sticks (pieces per unit), 1 otherwise. */
  quantity: number;
  /**
   * What the line looked like when added, so the cart shows it even when the product is not in
   * the stored catalogue (another variant's list, a cart pulled on a fresh device).
   */
  title: string;
  subTitle: string;
  image: string | null;
  /** Catalogue category (the list route of its detail page). */
  category: string;
}

/** The most units of one line a cart holds; the server refuses more. */
export const MAX_LINE_COUNT = 99;

/** The most lines a cart holds: get-products-by-id (the refresh of docs/rules.md#states) takes at most 100. */
export const MAX_CART_LINES = 100;

/** docs/rules.md#states: adds one unit, or one more of the line with the same variant; a full cart takes no new line. */
export function addToCart(lines: readonly CartLine[], item: Omit<CartLine, 'count'>): CartLine[] {
  const found = lines.find((l) => l.variantId === item.variantId);
  if (!found) return lines.length >= MAX_CART_LINES ? [...lines] : [...lines, { ...item, count: 1 }];
  return lines.map((l) => (l === found ? { ...l, count: Math.min(MAX_LINE_COUNT, l.count + 1) } : l));
}

/** docs/rules.md#states: one unit less, only while the count is above 1 (removing is a separate action). */
export function decrementLine(lines: readonly CartLine[], variantId: number): CartLine[] {
  return lines.map((l) => (l.variantId === variantId && l.count > 1 ? { ...l, count: l.count - 1 } : l));
}

/** docs/rules.md#states: sets a line's count, kept within 1..MAX_LINE_COUNT; not a number leaves it unchanged. */
export function setLineCount(lines: readonly CartLine[], variantId: number, count: number): CartLine[] {
  if (!Number.isFinite(count)) return [...lines];
  const next = Math.min(MAX_LINE_COUNT, Math.max(1, Math.trunc(count)));
  return lines.map((l) => (l.variantId === variantId ? { ...l, count: next } : l));
}

export function removeLine(lines: readonly CartLine[], variantId: number): CartLine[] {
  return lines.filter((l) => l.variantId !== variantId);
}

/**
 * What get-products-by-id answers for each product still on sale. It keeps the wire's
 * `variant_id`: waiting cart changes hold it in their stored payloads.
 */
export interface FreshProduct {
  variant_id: number;
  price: number;
  /** XP price, or null/0 when the product is paid with money. */
  bonuses: number | null;
}

/**
 * docs/rules.md#states "refresh from server": keeps only the lines the server still returned, with their
 * current price and bonus price; counts and order stay as they were.
 */
export function refreshCart(lines: readonly CartLine[], fresh: readonly FreshProduct[]): CartLine[] {
  const byVariant = new Map(fresh.map((p) => [p.variant_id, p]));
  const out: CartLine[] = [];
  for (const l of lines) {
    const p = byVariant.get(l.variantId);
    if (p) out.push({ ...l, price: p.price, bonuses: p.bonuses ?? 0 });
  }
  return out;
}

/**
 * One change to a cart (docs/rules.md#states), relative, so it lands on whatever the server holds:
 * add units of a product, one less (only while above 1), set a count, remove, or the refresh
 * that keeps only the lines the server still sells (`asked` lines missing from `fresh` go).
 */
export type CartOp =
  | { op: 'add'; line: CartLine; units: number }
  | { op: 'decrement'; variantId: number }
  | { op: 'set'; variantId: number; count: number }
  | { op: 'remove'; variantId: number }
  /** The lines an order took (docs/rules.md#states: the cart is cleared after order creation); lines added since stay. */
  | { op: 'clear'; variantIds: number[] }
  | { op: 'refresh'; asked: number[]; fresh: FreshProduct[] };

/** A change and the lines it touched as they were (to take it back). */
export interface CartChange {
  change: CartOp;
  before: CartLine[];
}

/** Variant ids a change touches. */
export function touchedIds(op: CartOp): number[] {
  if (op.op === 'add') return [op.line.variantId];
  if (op.op === 'refresh') return op.asked;
  if (op.op === 'clear') return op.variantIds;
  return [op.variantId];
}

/** Applies one change to a cart with the rules above. */
export function applyCartOp(lines: readonly CartLine[], op: CartOp): CartLine[] {
  switch (op.op) {
    case 'add': {
      const { count: _ignored, ...item } = op.line;
      const had = lines.find((l) => l.variantId === item.variantId)?.count ?? 0;
      const added = addToCart(lines, item);
      // A line a full cart did not take is not there to set: setLineCount leaves the cart as it is.
      return op.units > 1 ? setLineCount(added, item.variantId, had + op.units) : added;
    }
    case 'decrement':
      return decrementLine(lines, op.variantId);
    case 'set':
      return setLineCount(lines, op.variantId, op.count);
    case 'remove':
      return removeLine(lines, op.variantId);
    case 'clear': {
      const gone = new Set(op.variantIds);
      return lines.filter((l) => !gone.has(l.variantId));
    }
    case 'refresh': {
      // Only the lines asked about: a line added meanwhile (here or on another device) stays as it is.
      const asked = new Set(op.asked);
      const refreshed = new Map(
        refreshCart(
          lines.filter((l) => asked.has(l.variantId)),
          op.fresh,
        ).map((l) => [l.variantId, l]),
      );
      return lines.flatMap((l) =>
        !asked.has(l.variantId) ? [l] : refreshed.has(l.variantId) ? [refreshed.get(l.variantId)!] : [],
      );
    }
  }
}

/** Takes a change back: each line it touched returns to how it was before (or goes, if it was not there). */
export function revertCartOp(lines: readonly CartLine[], p: CartChange): CartLine[] {
  const ids = new Set(touchedIds(p.change));
  const before = new Map(p.before.map((l) => [l.variantId, l]));
  const out: CartLine[] = [];
  for (const l of lines) {
    if (!ids.has(l.variantId)) out.push(l);
    else if (before.has(l.variantId)) {
      out.push(before.get(l.variantId)!);
      before.delete(l.variantId);
    }
  }
  return [...out, ...before.values()];
}
