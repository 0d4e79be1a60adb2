import type { ClubDb } from '../../db/database';
import type { Variant } from '../../db/rows-catalogue';
import { CART_DOC, rebuildLocalCart, waitingCartChanges } from '../mutations/cart-state';
import { getBase } from '../mutations/metafield-base';
import { pullDocs, writePulledDocs, type PulledDocs } from './metafield-docs';
import type { Puller } from './puller';

/** The cart mirror is read at most every 10 minutes (like favourites; §9 names no lifetime). */
export const CART_FRESH_FOR = 10 * 60_000;

/** The local cart rebuilt on the server's; an account with no mirrored cart yet keeps what this device holds. */
async function rebuild(db: ClubDb, variant: Variant): Promise<void> {
  const base = await getBase(db, variant, CART_DOC);
  if (base?.value === null && (await waitingCartChanges(db, variant)).length === 0) return;
  await rebuildLocalCart(db, variant);
}

/**
 * The cart from the `pwa`/`cart` metafield of each account, so a cart follows the member to
 * another device: the server's cart with the changes still waiting on this device applied on top.
 */
export const cartPuller: Puller<PulledDocs> = {
  name: 'cart',
  freshFor: CART_FRESH_FOR,
  tables: ['cart', 'outbox'],
  fetch: ({ db, transport, now }) => pullDocs(db, transport, CART_DOC, now()),
  write: (pulled, db) =>
    writePulledDocs(
      db,
      CART_DOC,
      pulled,
      async (v) => (await waitingCartChanges(db, v)).length,
      (v) => rebuild(db, v),
    ),
};
