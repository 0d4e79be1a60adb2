import { apiConfig } from '../api/config';
import { db } from '../db/db';
import { closeOnVersionChange } from '../db/storage';
import { askPersistenceOnce } from './engine/enqueue';
import { requestBackgroundSync } from './engine/background-sync';
import { LOGOUT_NOTICE_KEY } from './auth/actions';
import { documentCookies, USER_TOKEN_COOKIE } from './auth/cookies';
import { informServerOfLogout } from './auth/member';
import { browserOnline } from './engine/online';
import { pagePullers } from './page-pullers';
import { onSessionChange } from './pullers/catalogue';
import { deleteAllCaches } from './pullers/version-check';
import { createSyncRuntime, type SyncRuntime } from './runtime';
import { lostInWords, readLostChanges, type LostChanges } from '../state/lost-changes';
import { lastVariantShown } from '../state/visitor';
import type { UnsentSummary } from './auth/logout';
import { watchUnsentChanges } from './engine/unsent-marker';

let current: SyncRuntime | null = null;

const reload = () => window.location.reload();

/** Changes a wiped database took with it, as a logout reports what it could not send. */
function lostAsUnsent(lost: LostChanges | null): UnsentSummary | null {
  if (!lost) return null;
  return { count: lost.count, byKind: [], message: `${lostInWords(lost)} не надіслано` };
}

/** What the app adds to sync: the logout's part outside the database (see `LogoutEnv.forgetCopies`). */
export interface StartOptions {
  forgetCopies?: () => Promise<void>;
  /** A sign-in in this tab has stored its session (the app tells its other tabs). */
  onSignedIn?: () => void;
}

/**
 * Starts sync in the page, once: opens the database (closing and reloading when a newer tab
 * upgrades it), asks for persistent storage, installs the replay triggers and runs the pullers.
 * The app's boot calls it once the first screen is on; later calls return the same runtime.
 */
export function startSync(opts: StartOptions = {}): SyncRuntime {
  if (current) return current;
  closeOnVersionChange(db, reload);
  void db.open().catch((e: unknown) => console.error('[sync] cannot open the local database', e));
  void askPersistenceOnce();
  const pullers = pagePullers({
    storage: window.localStorage,
    clearCaches: () => deleteAllCaches(),
    reload,
    userCookie: () => documentCookies().get(USER_TOKEN_COOKIE),
    lastVariant: () => lastVariantShown(),
    // A dead session: /auth also says what a wiped database took with it.
    logout: () => current?.logout(lostAsUnsent(readLostChanges())) ?? Promise.resolve(),
  });
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
      session: window.sessionStorage,
      forgetCopies: opts.forgetCopies,
      // docs/rules.md#states "optionally informs the server": logout {token} when online, bounded in time.
      informServer: () => (current ? informServerOfLogout(current) : Promise.resolve()),
    },
    onLoggedOut: (lost) => {
      // A forced logout (docs/rules.md#error-reactions) tells the member on /auth what could not be sent.
      if (lost?.message) sessionStorage.setItem(LOGOUT_NOTICE_KEY, lost.message);
      window.location.assign('/auth');
    },
    triggerEnv: { document, requestBackgroundSync: () => requestBackgroundSync() },
    viewPullers: () => import('./views-pullers').then((m) => m.VIEW_PULLERS),
    onSignedIn: opts.onSignedIn,
  });
  // A sign-in or a variant switch pulls the new account's catalogue, cart and favourites at once.
  onSessionChange(db, () => void current?.pull());
  // A note of the changes waiting, outside the database: if the browser wipes it, the member is told what was lost.
  watchUnsentChanges({
    db,
    storage: window.localStorage,
    registry: current.registry,
    signedIn: () => documentCookies().get(USER_TOKEN_COOKIE) !== null,
    now: Date.now,
  });
  return current;
}
