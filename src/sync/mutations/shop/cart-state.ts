import type { ClubDb } from '../../../db/database';
import type { CartLineRow, Variant } from '../../../db/rows-catalogue';
import type { OutboxEntry } from '../../../db/rows-sync';
import { applyCartOp, revertCartOp, type CartChange, type CartLine } from '../../../domain/cart/cart';
import { parseCartMirror } from './cart-mirror';
import { getBase, type MetafieldDoc } from './metafield-base';

export const CART_CHANGE = 'cart-change';

/** The cart mirror: the customer's metafield `pwa`/`cart` (json, docs/rules.md#entities cart lines plus what the cart shows). */
export const CART_DOC: MetafieldDoc = { namespace: 'pwa', key: 'cart' };

/** Cart changes of a variant still waiting to be accepted, in FIFO order (`except`: one being settled now). */
export async function waitingCartChanges(
  db: ClubDb,
  variant: Variant,
  except?: string,
): Promise<Array<OutboxEntry<CartChange>>> {
  const all = await db.outbox.where('kind').equals(CART_CHANGE).sortBy('seq');
  return all.filter((e) => e.state !== 'failed' && e.account.variant === variant && e.id !== except) as Array<
    OutboxEntry<CartChange>
  >;
}

export const snapshotOf = ({ variant: _v, addedAt: _a, ...line }: CartLineRow): CartLine => line;

export async function localCart(db: ClubDb, variant: Variant): Promise<CartLine[]> {
  return (await db.cart.where('variant').equals(variant).sortBy('addedAt')).map(snapshotOf);
}

/**
 * The cart the server holds: as it last said, or, before anything was heard from it, the local
 * cart with the waiting changes (and `alsoRevert`, an entry just refused) taken back, newest first.
 */
export async function serverCart(
  db: ClubDb,
  variant: Variant,
  alsoRevert?: OutboxEntry<CartChange>,
): Promise<CartLine[]> {
  const base = await getBase(db, variant, CART_DOC);
  if (base) return base.value === null ? [] : parseCartMirror(base.value);
  const revert = [...(await waitingCartChanges(db, variant)), ...(alsoRevert ? [alsoRevert] : [])].sort(
    (a, b) => b.seq - a.seq,
  );
  let lines = await localCart(db, variant);
  for (const e of revert) lines = revertCartOp(lines, e.payload);
  return lines;
}

/** Writes the local cart of a variant as `lines`, keeping the place of lines already there. */
export async function writeLocalCart(
  db: ClubDb,
  variant: Variant,
  lines: readonly CartLine[],
  now = Date.now(),
): Promise<void> {
  const old = new Map((await db.cart.where('variant').equals(variant).toArray()).map((l) => [l.variantId, l.addedAt]));
  await db.cart.where('variant').equals(variant).delete();
  await db.cart.bulkPut(lines.map((l, i) => ({ ...l, variant, addedAt: old.get(l.variantId) ?? now + i })));
}

/**
 * Local cart = what the server holds + every change still waiting, in order: after an answer
 * (with another device's changes in it), a pull, a refusal (`refused`, taken back) and a retry.
 * `except` is an entry being settled whose effect the server's cart already holds.
 */
export async function rebuildLocalCart(
  db: ClubDb,
  variant: Variant,
  opts: { refused?: OutboxEntry<CartChange>; except?: string } = {},
): Promise<void> {
  let lines = await serverCart(db, variant, opts.refused);
  for (const e of await waitingCartChanges(db, variant, opts.except)) lines = applyCartOp(lines, e.payload.change);
  await writeLocalCart(db, variant, lines);
}
