import type { createMetafields } from '../../../contract/user';
import type { ClubDb } from '../../../db/database';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { mutate } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import {
  applyToggle,
  FAVOURITE_TOGGLE,
  FAVOURITES_DOC,
  parseFavouriteIds,
  rebuildLocalFavourites,
  type FavouriteTogglePayload,
} from './favourites-state';
import { metafieldWrite } from './metafield-write';

/**
 * Favourites (docs/rules.md#states): the customer's metafield `pwa`/`favorites` (type json, a JSON array of
 * product ids). Each entry is one intent (this product added, or removed), applied to the list
 * the server holds and written on its revision; when another device wrote first the write is
 * refused (412) and rebuilt on the new list, so both devices' favourites survive.
 */
export const favouriteToggle = defineMutation<FavouriteTogglePayload, typeof createMetafields>({
  kind: FAVOURITE_TOGGLE,
  title: 'Зміна обраного',
  noun: ['зміну обраного', 'зміни обраного', 'змін обраного'],
  tables: ['favourites'],
  views: ['mirrors'],
  ...metafieldWrite(
    FAVOURITES_DOC,
    (base, p) => JSON.stringify(applyToggle(parseFavouriteIds(base.value), p)),
    rebuildLocalFavourites,
  ),
  describeRefusal(entry, error) {
    return { what: entry.payload.on ? 'Додавання в обране' : 'Видалення з обраного', why: error.message };
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
