import type { ClubDb } from '../../db/database';
import type { CartLineRow, CartSnapshotLine, Variant } from '../../db/rows-catalogue';
import type { OutboxEntry } from '../../db/rows-sync';
export { parseCartMirror, toMirror } from './cart-mirror';
import { addToCart, decrementLine, refreshCart, removeLine, setLineCount, type CartLine, type FreshProduct } from '../../domain/cart';
import { parseCartMirror, toCartLine } from './cart-mirror';
import { getBase, type MetafieldDoc } from './metafield-base';

export const CART_CHANGE = 'cart-change';

/** The cart mirror: the customer's metafield `pwa`/`cart` (json, spec §3 cart lines plus what the cart shows). */
export const CART_DOC: MetafieldDoc = { namespace: 'pwa', key: 'cart' };

/** The most lines a cart holds: get-products-by-id (the §4 refresh) takes at most 100. */
export const MAX_CART_LINES = 100;

/**
 * One change to a cart (spec §4), relative, so it lands on whatever the server holds:
 * add units of a product, one less (only while above 1), set a count, remove, or the refresh
 * that keeps only the lines the server still sells (`asked` lines missing from `fresh` go).
 */
export type CartOp =
  | { op: 'add'; line: CartSnapshotLine; units: number }
  | { op: 'decrement'; variantId: number }
  | { op: 'set'; variantId: number; count: number }
  | { op: 'remove'; variantId: number }
  /** The lines an order took (spec §4: the cart is cleared after order creation); lines added since stay. */
  | { op: 'clear'; variantIds: number[] }
  | { op: 'refresh'; asked: number[]; fresh: FreshProduct[] };

/** What a cart entry stores: the change, and the lines it touched as they were (to take it back). */
export interface CartChangePayload {
  change: CartOp;
  before: CartSnapshotLine[];
}

/** Variant ids a change touches. */
export function touchedIds(op: CartOp): number[] {
  if (op.op === 'add') return [op.line.variantId];
  if (op.op === 'refresh') return op.asked;
  if (op.op === 'clear') return op.variantIds;
  return [op.variantId];
}

/** Runs a domain rule over snapshot lines, keeping each line's display fields. */
function viaDomain(lines: readonly CartSnapshotLine[], rule: (d: CartLine[]) => CartLine[], extra?: CartSnapshotLine): CartSnapshotLine[] {
  const display = new Map(lines.map((l) => [l.variantId, l]));
  if (extra && !display.has(extra.variantId)) display.set(extra.variantId, extra);
  return rule(lines.map(toCartLine)).map((d) => {
    const shown = display.get(d.variant_id)!;
    return { ...shown, variantId: d.variant_id, productId: d.id, count: d.count, price: d.price, bonuses: d.bonuses, collectionId: d.collectionId, tags: d.tags, quantity: d.quantity };
  });
}

/** Applies one change to a cart with the spec §4 rules of src/domain/cart.ts. */
export function applyCartOp(lines: readonly CartSnapshotLine[], op: CartOp): CartSnapshotLine[] {
  switch (op.op) {
    case 'add': {
      const { count: _ignored, ...item } = toCartLine(op.line);
      const had = lines.find((l) => l.variantId === op.line.variantId)?.count ?? 0;
      if (!had && lines.length >= MAX_CART_LINES) return [...lines];
      return viaDomain(lines, (d) => {
        const added = addToCart(d, item);
        return op.units > 1 ? setLineCount(added, item.variant_id, had + op.units) : added;
      }, op.line);
    }
    case 'decrement':
      return viaDomain(lines, (d) => decrementLine(d, op.variantId));
    case 'set':
      return viaDomain(lines, (d) => setLineCount(d, op.variantId, op.count));
    case 'remove':
      return viaDomain(lines, (d) => removeLine(d, op.variantId));
    case 'clear': {
      const gone = new Set(op.variantIds);
      return lines.filter((l) => !gone.has(l.variantId));
    }
    case 'refresh': {
      // Only the lines asked about: a line added meanwhile (here or on another device) stays as it is.
      const asked = new Set(op.asked);
      const refreshed = new Map(viaDomain(lines.filter((l) => asked.has(l.variantId)), (d) => refreshCart(d, op.fresh)).map((l) => [l.variantId, l]));
      return lines.flatMap((l) => (!asked.has(l.variantId) ? [l] : refreshed.has(l.variantId) ? [refreshed.get(l.variantId)!] : []));
    }
  }
}

/** Takes a change back: each line it touched returns to how it was before (or goes, if it was not there). */
export function revertCartOp(lines: readonly CartSnapshotLine[], p: CartChangePayload): CartSnapshotLine[] {
  const ids = new Set(touchedIds(p.change));
  const before = new Map(p.before.map((l) => [l.variantId, l]));
  const out: CartSnapshotLine[] = [];
  for (const l of lines) {
    if (!ids.has(l.variantId)) out.push(l);
    else if (before.has(l.variantId)) {
      out.push(before.get(l.variantId)!);
      before.delete(l.variantId);
    }
  }
  return [...out, ...before.values()];
}

/** Cart changes of a variant still waiting to be accepted, in FIFO order (`except`: one being settled now). */
export async function waitingCartChanges(db: ClubDb, variant: Variant, except?: string): Promise<Array<OutboxEntry<CartChangePayload>>> {
  const all = await db.outbox.where('kind').equals(CART_CHANGE).sortBy('seq');
  return all.filter((e) => e.state !== 'failed' && e.account.variant === variant && e.id !== except) as Array<OutboxEntry<CartChangePayload>>;
}

export const snapshotOf = ({ variant: _v, addedAt: _a, ...line }: CartLineRow): CartSnapshotLine => line;

export async function localCart(db: ClubDb, variant: Variant): Promise<CartSnapshotLine[]> {
  return (await db.cart.where('variant').equals(variant).sortBy('addedAt')).map(snapshotOf);
}

/**
 * The cart the server holds: as it last said, or, before anything was heard from it, the local
 * cart with the waiting changes (and `alsoRevert`, an entry just refused) taken back, newest first.
 */
export async function serverCart(db: ClubDb, variant: Variant, alsoRevert?: OutboxEntry<CartChangePayload>): Promise<CartSnapshotLine[]> {
  const base = await getBase(db, variant, CART_DOC);
  if (base) return base.value === null ? [] : parseCartMirror(base.value);
  const revert = [...(await waitingCartChanges(db, variant)), ...(alsoRevert ? [alsoRevert] : [])].sort((a, b) => b.seq - a.seq);
  let lines = await localCart(db, variant);
  for (const e of revert) lines = revertCartOp(lines, e.payload);
  return lines;
}

/** Writes the local cart of a variant as `lines`, keeping the place of lines already there. */
export async function writeLocalCart(db: ClubDb, variant: Variant, lines: readonly CartSnapshotLine[], now = Date.now()): Promise<void> {
  const old = new Map((await db.cart.where('variant').equals(variant).toArray()).map((l) => [l.variantId, l.addedAt]));
  await db.cart.where('variant').equals(variant).delete();
  await db.cart.bulkPut(lines.map((l, i) => ({ ...l, variant, addedAt: old.get(l.variantId) ?? now + i })));
}

/**
 * Local cart = what the server holds + every change still waiting, in order: after an answer
 * (with another device's changes in it), a pull, a refusal (`refused`, taken back) and a retry.
 * `except` is an entry being settled whose effect the server's cart already holds.
 */
export async function rebuildLocalCart(db: ClubDb, variant: Variant, opts: { refused?: OutboxEntry<CartChangePayload>; except?: string } = {}): Promise<void> {
  let lines = await serverCart(db, variant, opts.refused);
  for (const e of await waitingCartChanges(db, variant, opts.except)) lines = applyCartOp(lines, e.payload.change);
  await writeLocalCart(db, variant, lines);
}
