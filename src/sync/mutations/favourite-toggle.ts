import { createMetafields } from '../../contract/user';
import type { ClubDb } from '../../db/database';
import type { Account, OutboxEntry } from '../../db/rows-sync';
import { mutate } from '../enqueue';
import { defineMutation } from '../registry';
import {
  applyToggle,
  FAVOURITE_TOGGLE,
  parseFavouriteIds,
  rebuildLocalFavourites,
  serverFavouriteIds,
  setConfirmed,
  type FavouriteTogglePayload,
} from './favourites-state';

/**
 * Favourites (spec §4): kept as the customer's metafield `pwa`/`favorites` (type json, a JSON
 * array of product ids). Each toggle sends the list the server holds with this one toggle applied,
 * so a refused toggle never drags later ones with it; the local store stays the truth while
 * entries wait.
 */
export const favouriteToggle = defineMutation<FavouriteTogglePayload, typeof createMetafields>({
  kind: FAVOURITE_TOGGLE,
  call: createMetafields,
  title: 'Зміна обраного',
  noun: ['зміну обраного', 'зміни обраного', 'змін обраного'],
  tables: ['favourites'],
  async buildRequest(entry, { db }) {
    const ids = applyToggle(await serverFavouriteIds(db, entry.account.variant), entry.payload);
    return {
      namespace: 'pwa',
      key: 'favorites',
      type: 'json',
      value: JSON.stringify(ids),
      shopifyId: entry.account.customerId,
      ...(entry.account.variant === 'ogo' ? { ogo: true } : {}),
    };
  },
  async apply(answer, entry, db) {
    await setConfirmed(db, entry.account.variant, parseFavouriteIds(answer.metafield.value));
  },
  async undo(entry, db) {
    await rebuildLocalFavourites(db, entry.account.variant, entry);
  },
  async redo(entry, db) {
    await rebuildLocalFavourites(db, entry.account.variant);
  },
});

/**
 * Domain action: toggles a product in the favourites of `account` and queues the change, in one
 * transaction. Returns whether it is a favourite now, and the queued entry.
 */
export async function toggleFavourite(
  db: ClubDb,
  account: Account,
  productId: number,
  now = Date.now(),
): Promise<{ on: boolean; entry: OutboxEntry<FavouriteTogglePayload> }> {
  const entry = await mutate(db, favouriteToggle, {
    account,
    now,
    change: async () => {
      const key: [Account['variant'], number] = [account.variant, productId];
      const on = !(await db.favourites.get(key));
      if (on) await db.favourites.put({ variant: account.variant, productId, addedAt: now });
      else await db.favourites.delete(key);
      return { productId, on };
    },
  });
  return { on: entry.payload.on, entry };
}
