import { createMetafields } from '../../contract/user';
import type { ClubDb } from '../../db/database';
import type { Account, OutboxEntry } from '../../db/rows-sync';
import { mutate } from '../engine/enqueue';
import { defineMutation, PreparedRequest } from '../engine/registry';
import {
  applyToggle,
  FAVOURITE_TOGGLE,
  FAVOURITES_DOC,
  parseFavouriteIds,
  rebuildLocalFavourites,
  type FavouriteTogglePayload,
} from './favourites-state';
import { baseForWrite, baseOf, dropBase, isRevisionConflict, MAX_CONFLICTS, preconditionOf, setBase } from './metafield-base';

/**
 * Favourites (spec §4): the customer's metafield `pwa`/`favorites` (type json, a JSON array of
 * product ids). Each entry is one intent (this product added, or removed), applied to the list
 * the server holds and written on its revision; when another device wrote first the write is
 * refused (412) and rebuilt on the new list, so both devices' favourites survive.
 */
export const favouriteToggle = defineMutation<FavouriteTogglePayload, typeof createMetafields>({
  kind: FAVOURITE_TOGGLE,
  call: createMetafields,
  title: 'Зміна обраного',
  noun: ['зміну обраного', 'зміни обраного', 'змін обраного'],
  tables: ['favourites'],
  views: ['mirrors'],
  async buildRequest(entry, ctx) {
    const base = await baseForWrite(ctx, entry.account, FAVOURITES_DOC);
    const ids = applyToggle(parseFavouriteIds(base.value), entry.payload);
    const body = {
      namespace: FAVOURITES_DOC.namespace,
      key: FAVOURITES_DOC.key,
      type: 'json' as const,
      value: JSON.stringify(ids),
      shopifyId: entry.account.customerId,
      ...(entry.account.variant === 'ogo' ? { ogo: true } : {}),
    };
    return new PreparedRequest(body, preconditionOf(base));
  },
  refreshOn: isRevisionConflict,
  maxRefreshes: MAX_CONFLICTS,
  async onRefresh(entry, db) {
    await dropBase(db, entry.account.variant, FAVOURITES_DOC);
  },
  async apply(answer, entry, db) {
    await setBase(db, entry.account.variant, FAVOURITES_DOC, baseOf(answer.metafield, Date.now()));
    await rebuildLocalFavourites(db, entry.account.variant, { except: entry.id });
  },
  async undo(entry, db) {
    await rebuildLocalFavourites(db, entry.account.variant, { refused: entry });
  },
  async redo(entry, db) {
    await rebuildLocalFavourites(db, entry.account.variant);
  },
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
