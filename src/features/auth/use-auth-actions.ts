import { useCallback, useRef } from 'react';
import { syncNow, useSyncMaybe } from '../../state/sync-context';
import type { AuthEnv } from '../../sync/auth/actions';
import { AuthError } from '../../sync/auth/errors';
import { OFFLINE_ONLY_MESSAGE } from '../../sync/engine/online-only';
import { authActions } from '../../sync/auth/lazy';

type Actions = Awaited<ReturnType<typeof authActions>>;

/**
 * The sign-in and registration actions with their environment, on demand. The screens are
 * usable before the sync engine's code has loaded (a new visitor's first load names only the
 * screen's own chunks): the first action loads the actions and starts the engine if it has not
 * started yet (it is fetched in idle time after the load, so by then it usually has).
 */
export function useAuthActions(): () => Promise<{ actions: Actions; env: AuthEnv }> {
  const sync = useSyncMaybe();
  const env = useRef<AuthEnv | null>(null);
  return useCallback(async () => {
    const [actions, runtime] = await Promise.all([authActions(), sync ?? syncNow()]).catch((e: unknown) => {
      // The code could not load: with no network and no cached copy, that is "offline".
      throw navigator.onLine ? e : new AuthError(OFFLINE_ONLY_MESSAGE, 'offline');
    });
    env.current ??= actions.authEnv(runtime);
    return { actions, env: env.current };
  }, [sync]);
}
