import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { db } from '../db/db';
import { kvGet } from '../db/kv';
import { brandOfHost, manifestHref } from '../domain/brand';
import { BOT_VISIT_KEY, isBotVisit } from '../domain/bot-visit';
import { asInviteCode } from '../domain/registration';
import type { AuthEnv } from '../sync/auth';
import { authEnv } from '../sync/auth-env';
import { getCookie } from './cookies';
import { useSyncMaybe } from './sync-context';

export type AppVariant = 'glo' | 'ogo';

/** What the shell shows about the member; read from the local database, live. */
export interface AppSession {
  signedIn: boolean;
  variant: AppVariant;
  ageVerified: boolean;
  referralCode: string | null;
}

/** Spec §6: signed in = a `usertoken` cookie. */
export function isSignedIn(): boolean {
  return Boolean(getCookie('usertoken'));
}

/** Before sign-in the brand is the host's (spec §2: ogo on the second variant's own host). */
const SIGNED_OUT: AppSession = {
  signedIn: false,
  variant: typeof location === 'undefined' ? 'glo' : brandOfHost(location.host, import.meta.env.VITE_OGO_HOST),
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

/**
 * The variant of the last session read, kept synchronously so the first paint after a reload
 * already wears the right brand and shows the right cart (the database answers a moment later).
 * Cleared by logout with the rest of localStorage.
 */
const VARIANT_HINT_KEY = 'appVariant';

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

/**
 * The brand theme follows the variant (data-theme on <html>), and so does the installed app's
 * name: the manifest link points at the brand's manifest (spec §2 brand naming).
 */
export function applyTheme(variant: AppVariant | 'velo'): void {
  document.documentElement.dataset.theme = variant;
  const chrome = getComputedStyle(document.documentElement).getPropertyValue('--chrome').trim();
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', chrome || '#141216');
  // The build may add a second manifest link of its own: both follow.
  const href = manifestHref(variant === 'ogo' ? 'ogo' : 'glo');
  for (const link of document.querySelectorAll('link[rel="manifest"]')) if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** The sign-in and member actions of src/sync/auth*, once sync has started (null before). */
export function useAuthEnv(): AuthEnv | null {
  const sync = useSyncMaybe();
  return useMemo(() => (sync ? authEnv(sync) : null), [sync]);
}

/** Where an invite code from a `?ref=` link waits until registration (cleared by logout with the rest). */
export const INVITE_CODE_KEY = 'inviteCode';

/**
 * Keeps the invite code of a shared link (`?ref=REW-…`, spec §2 share text) for /registration,
 * and notes a visit from the club's chat bot (`?utm_source=chatbot`) for the next sign-in.
 */
export function captureInviteCode(search: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  const code = asInviteCode(new URLSearchParams(search).get('ref'));
  if (code) storage.setItem(INVITE_CODE_KEY, code);
  if (isBotVisit(search)) storage.setItem(BOT_VISIT_KEY, '1');
}

/** The kept invite code, or null. */
export function readInviteCode(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  return asInviteCode(storage.getItem(INVITE_CODE_KEY));
}
