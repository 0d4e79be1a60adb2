import type { createMetafields } from '../../../contract/user';
import type { ClubDb } from '../../../db/database';
import { explainStorageError } from '../../../db/storage';
import type { ProductRow } from '../../../db/rows-catalogue';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import {
  applyCartOp,
  MAX_CART_LINES,
  touchedIds,
  type CartChange,
  type CartLine,
  type CartOp,
  type FreshProduct,
} from '../../../domain/cart/cart';
import { cartAddSubject } from '../../../domain/cart/subject';
import { mutate } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import { metafieldWrite } from './metafield-write';
import { parseCartMirror, toMirror } from './cart-mirror';
import { CART_CHANGE, CART_DOC, localCart, rebuildLocalCart, writeLocalCart } from './cart-state';

/**
 * The cart (docs/rules.md#entities, docs/rules.md#states: one per variant) mirrored to the customer's metafield `pwa`/`cart`
 * (type json), so it follows the member to another device. The local cart is the truth on this
 * device; each change sends the cart the server holds with this one change applied, so a refused
 * change never drags later ones with it.
 */
export const cartChange = defineMutation<CartChange, typeof createMetafields>({
  kind: CART_CHANGE,
  title: 'Зміна кошика',
  noun: ['зміну кошика', 'зміни кошика', 'змін кошика'],
  tables: ['cart'],
  views: ['mirrors'],
  ...metafieldWrite(
    CART_DOC,
    (base, p) => toMirror(applyCartOp(base.value === null ? [] : parseCartMirror(base.value), p.change)),
    rebuildLocalCart,
  ),
  describeRefusal(entry, error) {
    const op = entry.payload.change;
    const subject = op.op === 'add' && op.line.title ? cartAddSubject(op.line.title) : undefined;
    return {
      what: describeCartOp(entry.payload),
      why: error.message,
      fixAt: { path: '/shop/cart', label: 'До кошика' },
      ...(subject ? { subject } : {}),
    };
  },
});

/** What a cart change did, in the member's words («Додавання в кошик: Стіки Amber»). */
function describeCartOp(p: CartChange): string {
  const op = p.change;
  const title = (id: number) => p.before.find((l) => l.variantId === id)?.title;
  switch (op.op) {
    case 'add':
      return `Додавання в кошик${op.line.title ? `: ${op.line.title}` : ''}`;
    case 'decrement':
    case 'set':
      return `Зміна кількості${title(op.variantId) ? `: ${title(op.variantId)}` : ''}`;
    case 'remove':
      return `Видалення з кошика${title(op.variantId) ? `: ${title(op.variantId)}` : ''}`;
    case 'clear':
      return 'Очищення кошика після замовлення';
    case 'refresh':
      return 'Оновлення цін у кошику';
  }
}

/** Why a cart action was not taken; `message` is Ukrainian, fit for a toast. */
export class CartRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CartRefusal';
  }
}

export const CART_MESSAGES = {
  unavailable: 'Цього товару зараз немає в наявності',
  full: `У кошику вже ${MAX_CART_LINES} різних товарів — оформи замовлення або видали щось`,
} as const;

const sameCart = (a: readonly CartLine[], b: readonly CartLine[]) =>
  a.length === b.length &&
  a.every(
    (l, i) =>
      l.variantId === b[i]!.variantId &&
      l.count === b[i]!.count &&
      l.price === b[i]!.price &&
      l.bonuses === b[i]!.bonuses,
  );

/**
 * Applies `op` to the local cart of `account` and queues it, in one transaction; null (nothing
 * queued) when it changes nothing, e.g. one less of a line that holds one.
 */
function changeCart(db: ClubDb, account: Account, op: CartOp, now: number): Promise<OutboxEntry<CartChange> | null> {
  // The outer transaction makes the "changes nothing" check and the write one atomic step; it
  // returns rather than throws for nothing to do, since a throw would abort a caller's transaction.
  const tx = db.transaction('rw', [db.cart, db.outbox, db.kv], async () => {
    const lines = await localCart(db, account.variant);
    const next = applyCartOp(lines, op);
    if (sameCart(next, lines)) return null;
    return mutate(db, cartChange, {
      account,
      now,
      change: async () => {
        await writeLocalCart(db, account.variant, next, now);
        const ids = new Set(touchedIds(op));
        return { change: op, before: lines.filter((l) => ids.has(l.variantId)) };
      },
    });
  });
  return tx.catch((e: unknown) => {
    throw explainStorageError(e);
  });
}

/** The cart line a product becomes (count set by the change). */
export function lineOf(p: ProductRow): CartLine {
  return {
    variantId: p.variantId,
    productId: p.id,
    count: 1,
    price: p.price,
    bonuses: p.bonuses ?? 0,
    collectionId: p.collectionId,
    tags: p.tags,
    quantity: p.quantity,
    title: p.title,
    subTitle: p.subTitle,
    image: p.image,
    category: p.category,
  };
}

/**
 * Domain action (docs/rules.md#states "add"): `units` more of a product (default one); the same product twice
 * is one line with count 2. Throws `CartRefusal` for an out-of-stock product or a full cart.
 * Returns the line's count after it.
 */
export async function addProductToCart(
  db: ClubDb,
  account: Account,
  product: ProductRow,
  units = 1,
  now = Date.now(),
): Promise<{ count: number; entry: OutboxEntry<CartChange> | null }> {
  if (!product.available) throw new CartRefusal(CART_MESSAGES.unavailable);
  const lines = await localCart(db, account.variant);
  if (lines.length >= MAX_CART_LINES && !lines.some((l) => l.variantId === product.variantId))
    throw new CartRefusal(CART_MESSAGES.full);
  const entry = await changeCart(
    db,
    account,
    { op: 'add', line: lineOf(product), units: Math.max(1, Math.trunc(units)) },
    now,
  );
  const line = await db.cart.get([account.variant, product.variantId]);
  return { count: line?.count ?? 0, entry };
}

/** Domain action: one more of a line already in the cart (docs/rules.md#states "add", by its variant id). */
export async function incrementCartLine(db: ClubDb, account: Account, variantId: number, now = Date.now()) {
  const line = await db.cart.get([account.variant, variantId]);
  if (!line) return null;
  const { variant: _v, addedAt: _a, ...snapshot } = line;
  return changeCart(db, account, { op: 'add', line: snapshot, units: 1 }, now);
}

/** Domain action: one less, only while the line holds more than one (docs/rules.md#states). */
export function decrementCartLine(db: ClubDb, account: Account, variantId: number, now = Date.now()) {
  return changeCart(db, account, { op: 'decrement', variantId }, now);
}

/** Domain action: sets a line's count (1..MAX_LINE_COUNT, docs/rules.md#states "set count"). */
export function setCartLineCount(db: ClubDb, account: Account, variantId: number, count: number, now = Date.now()) {
  return changeCart(db, account, { op: 'set', variantId, count }, now);
}

/** Domain action: removes a line. */
export function removeCartLine(db: ClubDb, account: Account, variantId: number, now = Date.now()) {
  return changeCart(db, account, { op: 'remove', variantId }, now);
}

/**
 * Domain action (docs/rules.md#states "cleared after order creation"): removes the lines an order took, in one
 * change; a line added meanwhile (here or on another device) stays. Null when none was there.
 */
export function clearOrderedLines(db: ClubDb, account: Account, variantIds: number[], now = Date.now()) {
  return changeCart(db, account, { op: 'clear', variantIds }, now);
}

/**
 * The refresh (docs/rules.md#states) applied: of the lines `asked` about, only those the server returned stay, with
 * their current price and bonuses. Queued like any change, so the mirror follows; null when the
 * answer changes nothing.
 */
export function applyCartRefresh(
  db: ClubDb,
  account: Account,
  asked: number[],
  fresh: FreshProduct[],
  now = Date.now(),
) {
  return changeCart(db, account, { op: 'refresh', asked, fresh }, now);
}
