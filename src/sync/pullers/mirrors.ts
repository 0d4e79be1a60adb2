import type { ClubDb } from '../../db/database';
import type { Variant } from '../../db/rows-catalogue';
import { CART_DOC, rebuildLocalCart, waitingCartChanges } from '../mutations/shop/cart-state';
import { FAVOURITES_DOC, rebuildLocalFavourites, waitingToggles } from '../mutations/shop/favourites-state';
import { getBase } from '../mutations/shop/metafield-base';
import { pullDocs, writePulledDocs, type MirroredDoc, type PulledDocs } from './metafield-docs';
import type { Puller } from './puller';

/**
 * Favourites and the cart are read again at most every minute (docs/rules.md#constants names no lifetime): on start,
 * back online and tab visible, so changes made on the member's other devices show soon. The cart
 * screen asks for it at once when it opens.
 */
export const MIRRORS_FRESH_FOR = 60_000;

const favourites: MirroredDoc = {
  doc: FAVOURITES_DOC,
  waiting: async (db, v) => (await waitingToggles(db, v)).length,
  rebuild: (db, v) => rebuildLocalFavourites(db, v),
};

/** An account with no mirrored cart yet keeps what this device holds. */
async function rebuildCart(db: ClubDb, variant: Variant): Promise<void> {
  const base = await getBase(db, variant, CART_DOC);
  if (base?.value === null && (await waitingCartChanges(db, variant)).length === 0) return;
  await rebuildLocalCart(db, variant);
}

const cart: MirroredDoc = {
  doc: CART_DOC,
  waiting: async (db, v) => (await waitingCartChanges(db, v)).length,
  rebuild: rebuildCart,
};

const DOCS = [favourites, cart] as const;

/**
 * The member's favourites (docs/rules.md#states, `pwa`/`favorites`) and cart mirror (`pwa`/`cart`) of each
 * account, from one get-metafields per account: the server's value with the changes still
 * waiting on this device applied on top of it.
 */
export const mirrorsPuller: Puller<PulledDocs> = {
  name: 'mirrors',
  freshFor: MIRRORS_FRESH_FOR,
  tables: ['favourites', 'cart', 'outbox'],
  fetch: ({ db, transport, now }) => pullDocs(db, transport, DOCS, now()),
  write: (pulled, db) => writePulledDocs(db, DOCS, pulled),
};
