import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useState } from 'react';
import { db } from '../db/db';
import { kvGet } from '../db/kv';
import type { AuthEnv } from '../sync/auth/actions';
import { authEnv } from '../sync/auth/env';
import { AuthError } from '../sync/auth/errors';
import { OFFLINE_ONLY_MESSAGE } from '../sync/engine/online-only';
import { syncNow, useSyncMaybe } from './sync-context';
import { hostBrand, isSignedIn, VARIANT_HINT_KEY, type AppVariant } from './visitor';

// The Dexie-free part of the session (cookies, theme, invite code) lives in ./visitor.
export { applyTheme, captureInviteCode, INVITE_CODE_KEY, isSignedIn, readInviteCode, type AppVariant } from './visitor';

/** What the shell shows about the member; read from the local database, live. */
export interface AppSession {
  signedIn: boolean;
  variant: AppVariant;
  ageVerified: boolean;
  referralCode: string | null;
}

/** Before sign-in the brand is the host's (docs/rules.md#screens: ogo on the second variant's own host). */
const SIGNED_OUT: AppSession = {
  signedIn: false,
  variant: hostBrand(),
  ageVerified: false,
  referralCode: null,
};

// The keys are read before the cookie so the live query watches them even while signed out:
// a sign-in (cookie, then the session stored) re-runs it.
async function readAppSession(): Promise<AppSession> {
  const token = await kvGet(db, 'pwaToken');
  const variant = (await kvGet(db, 'variant')) === 'ogo' ? 'ogo' : 'glo';
  const ageVerified = (await kvGet(db, 'ageVerified')) ?? false;
  const code = await kvGet(db, 'mgmCode');
  if (!isSignedIn() || token === undefined) return SIGNED_OUT;
  rememberVariant(variant);
  return { signedIn: true, variant, ageVerified, referralCode: code ?? null };
}

function rememberVariant(v: AppVariant): void {
  try {
    if (localStorage.getItem(VARIANT_HINT_KEY) !== v) localStorage.setItem(VARIANT_HINT_KEY, v);
  } catch {
    // Storage unavailable: the hint is a nicety.
  }
}

function firstGuess(): AppSession {
  try {
    if (!isSignedIn()) return SIGNED_OUT;
    return { ...SIGNED_OUT, signedIn: true, variant: localStorage.getItem(VARIANT_HINT_KEY) === 'ogo' ? 'ogo' : 'glo' };
  } catch {
    return SIGNED_OUT;
  }
}

/** The session as the shell needs it; re-renders when the local session changes. */
export function useAppSession(): AppSession {
  const [initial] = useState(firstGuess);
  return useLiveQuery(readAppSession, [], initial);
}

/** The brand of the session (glo or ogo): the catalogue, cart and theme a screen shows. */
export function useVariant(): AppVariant {
  return useAppSession().variant;
}

/** The sign-in and member actions of src/sync/auth*, once sync has started (null before). */
export function useAuthEnv(): AuthEnv | null {
  const sync = useSyncMaybe();
  return useMemo(() => (sync ? authEnv(sync) : null), [sync]);
}

/** Said when a tap needs the sync engine and its code cannot be loaded while online. */
export const ENGINE_NOT_STARTED = 'Не вдалося запустити застосунок. Перевір з’єднання і спробуй ще раз';

/**
 * The member actions' environment for a tap: at once once sync has started; before that it
 * starts sync now and waits for it, so that a tap on a screen shown before the engine's code
 * has loaded is carried out, never dropped.
 */
export function useAuthEnvNow(): () => Promise<AuthEnv> {
  const sync = useSyncMaybe();
  return useCallback(async () => {
    if (sync) return authEnv(sync);
    try {
      return authEnv(await syncNow());
    } catch {
      // The engine's code did not load: no network and no cached copy, or a failed request.
      throw navigator.onLine
        ? new AuthError(ENGINE_NOT_STARTED, 'not_started')
        : new AuthError(OFFLINE_ONLY_MESSAGE, 'offline');
    }
  }, [sync]);
}
