import { apiConfig } from '../api/config';
import { db } from '../db/db';
import { closeOnVersionChange, requestPersistence } from '../db/storage';
import { requestBackgroundSync } from './background-sync';
import { browserOnline } from './online';
import { favouritesPuller } from './pullers/favourites';
import { backgroundImportPuller, feedbackFlagsPuller, offlineOrdersPuller } from './pullers/feedback';
import type { Puller } from './pullers/puller';
import { deleteAllCaches, versionCheck } from './pullers/version-check';
import { createSyncRuntime, type SyncRuntime } from './runtime';

let current: SyncRuntime | null = null;

const reload = () => window.location.reload();

/**
 * Starts sync in the page, once: opens the database (closing and reloading when a newer tab
 * upgrades it), asks for persistent storage, installs the replay triggers and runs the pullers.
 * Call it from `src/main.tsx` before rendering; later calls return the same runtime.
 */
export function startSync(): SyncRuntime {
  if (current) return current;
  closeOnVersionChange(db, reload);
  void db.open().catch((e: unknown) => console.error('[sync] cannot open the local database', e));
  void requestPersistence();
  // In order: the version check first (it may reload), the import before the list it feeds.
  const pullers: ReadonlyArray<Puller<unknown>> = [
    versionCheck({ storage: window.localStorage, clearCaches: () => deleteAllCaches(), reload }),
    favouritesPuller,
    feedbackFlagsPuller,
    backgroundImportPuller,
    offlineOrdersPuller,
  ];
  current = createSyncRuntime({
    db,
    apiKey: apiConfig.apiKey,
    baseUrl: apiConfig.baseUrl,
    online: browserOnline(window),
    pullers,
    logoutEnv: {
      clearCookie: (name) => {
        document.cookie = `${name}=; Max-Age=0; path=/`;
      },
      storage: window.localStorage,
    },
    onLoggedOut: () => window.location.assign('/auth'),
    triggerEnv: { document, requestBackgroundSync: () => requestBackgroundSync() },
  });
  return current;
}

/** The runtime `startSync` made; throws before it ran (a screen rendered without `startSync`). */
export function currentSync(): SyncRuntime {
  if (!current) throw new Error('startSync() has not run');
  return current;
}
