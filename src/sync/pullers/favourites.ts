import { FAVOURITES_DOC, rebuildLocalFavourites, waitingToggles } from '../mutations/favourites-state';
import { FRESH_FOR } from './freshness';
import { pullDocs, writePulledDocs, type PulledDocs } from './metafield-docs';
import type { Puller } from './puller';

/**
 * Favourites from the `pwa`/`favorites` metafield of each account (spec §4): the server's list,
 * with the toggles still waiting on this device applied on top of it.
 */
export const favouritesPuller: Puller<PulledDocs> = {
  name: 'favourites',
  freshFor: FRESH_FOR.favourites,
  tables: ['favourites', 'outbox'],
  fetch: ({ db, transport, now }) => pullDocs(db, transport, FAVOURITES_DOC, now()),
  write: (pulled, db) =>
    writePulledDocs(
      db,
      FAVOURITES_DOC,
      pulled,
      async (v) => (await waitingToggles(db, v)).length,
      (v) => rebuildLocalFavourites(db, v),
    ),
};
