import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/db';
import { kvGet } from '../db/kv';
import { getCookie } from './cookies';

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

const SIGNED_OUT: AppSession = { signedIn: false, variant: 'glo', ageVerified: false, referralCode: null };

async function readAppSession(): Promise<AppSession> {
  if (!isSignedIn()) return SIGNED_OUT;
  const variant = (await kvGet(db, 'variant')) === 'ogo' ? 'ogo' : 'glo';
  const ageVerified = (await kvGet(db, 'ageVerified')) ?? false;
  const code = await db.kv.get('mgmCode');
  return { signedIn: true, variant, ageVerified, referralCode: typeof code?.value === 'string' ? code.value : null };
}

/** The session as the shell needs it; re-renders when the local session changes. */
export function useAppSession(): AppSession {
  return useLiveQuery(readAppSession, [], SIGNED_OUT);
}

/** The brand theme follows the variant (data-theme on <html>). */
export function applyTheme(variant: AppVariant | 'velo'): void {
  document.documentElement.dataset.theme = variant;
  const chrome = getComputedStyle(document.documentElement).getPropertyValue('--chrome').trim();
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', chrome || '#141216');
}
