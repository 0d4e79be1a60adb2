import { userApi } from '../../api/groups/user';
import type { Variant } from '../../db/rows-catalogue';
import { confirmedRevision, parseFavouriteIds, setConfirmed, waitingToggles, writeLocalFavourites } from '../mutations/favourites-state';
import { readSession } from '../session';
import { FRESH_FOR } from './freshness';
import type { Puller } from './puller';

interface Pulled {
  /** Revision of the confirmed favourites when the pull started: a confirmation in between wins. */
  rev: number;
  lists: Array<{ variant: Variant; ids: number[] }>;
}

/**
 * Favourites from the `pwa`/`favorites` metafield of each account (spec §4). The server's list is
 * written only for a variant with no toggle waiting, and only if no toggle was confirmed while
 * the pull was in flight: while entries wait, the local store is the truth.
 */
export const favouritesPuller: Puller<Pulled> = {
  name: 'favourites',
  freshFor: FRESH_FOR.favourites,
  tables: ['favourites', 'outbox'],
  async fetch({ db, transport }) {
    const session = await readSession(db);
    if (!session) return null;
    const rev = await confirmedRevision(db);
    const api = userApi(transport);
    const lists: Pulled['lists'] = [];
    for (const variant of ['glo', 'ogo'] as const) {
      const id = session.customerIds[variant];
      if (!id) continue;
      const { metafields } = await api.getMetafields(variant === 'ogo' ? { id, ogo: true } : { id });
      const m = metafields.find((f) => f.namespace === 'pwa' && f.key === 'favorites');
      lists.push({ variant, ids: m ? parseFavouriteIds(m.value) : [] });
    }
    return { rev, lists };
  },
  async write({ rev, lists }, db, now) {
    if ((await confirmedRevision(db)) !== rev) return;
    for (const { variant, ids } of lists) {
      if ((await waitingToggles(db, variant)).length > 0) continue;
      await setConfirmed(db, variant, ids);
      await writeLocalFavourites(db, variant, ids, now);
    }
  },
};
