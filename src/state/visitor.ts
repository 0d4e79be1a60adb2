import { clubConfig } from './club-config';
import { brandAsset, brandOfHost, manifestHref } from '../domain/club/brand';
import { BOT_VISIT_KEY, isBotVisit } from '../domain/club/bot-visit';
import { asInviteCode } from '../domain/auth/registration';
import { getCookie } from './cookies';

/**
 * What the shell knows about a visitor without the local database: the cookies, the theme, the
 * invite code of a shared link. Kept apart from ./session (which reads Dexie) so that the
 * signed-out screens' first paint loads no database code. ./session re-exports all of it.
 */
export type AppVariant = 'glo' | 'ogo';

/** Before sign-in the brand is the host's (docs/rules.md#screens: ogo on the second variant's own host). */
export function hostBrand(): AppVariant {
  return typeof location === 'undefined' ? 'glo' : brandOfHost(location.host, clubConfig.ogoHost);
}

/** docs/rules.md#roles: signed in = a `usertoken` cookie. */
export function isSignedIn(cookies?: string): boolean {
  return Boolean(getCookie('usertoken', cookies));
}

/**
 * The brand theme follows the variant (data-theme on <html>), and so do the installed app's name
 * and icons: the manifest link points at the brand's manifest (docs/rules.md#screens brand naming), the favicon
 * and the home-screen icon at the brand's own, the theme-color at its chrome.
 */
export function applyTheme(variant: AppVariant | 'velo'): void {
  document.documentElement.dataset.theme = variant;
  const chrome = getComputedStyle(document.documentElement).getPropertyValue('--chrome').trim();
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', chrome || '#141216');
  // The build may add a second manifest link of its own: both follow.
  const href = manifestHref(variant === 'ogo' ? 'ogo' : 'glo');
  for (const link of document.querySelectorAll('link[rel="manifest"]'))
    if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  for (const [rel, glo] of [
    ['icon', '/favicon.svg'],
    ['apple-touch-icon', '/icons/icon-192.png'],
  ] as const) {
    const own = brandAsset(glo, variant === 'ogo' ? 'ogo' : 'glo');
    for (const link of document.querySelectorAll(`link[rel="${rel}"]`))
      if (link.getAttribute('href') !== own) link.setAttribute('href', own);
  }
}

/**
 * The variant of the last session read, kept synchronously so the first paint after a reload
 * already wears the right brand and shows the right cart (the database answers a moment later).
 * Cleared by logout with the rest of localStorage.
 */
export const VARIANT_HINT_KEY = 'appVariant';

/** The variant this device last showed a member, or null (nothing kept, or storage unavailable). */
export function lastVariantShown(storage: Pick<Storage, 'getItem'> = localStorage): AppVariant | null {
  try {
    const v = storage.getItem(VARIANT_HINT_KEY);
    return v === 'ogo' || v === 'glo' ? v : null;
  } catch {
    return null;
  }
}

/** Where an invite code from a `?ref=` link waits until registration (cleared by logout with the rest). */
export const INVITE_CODE_KEY = 'inviteCode';

/**
 * Keeps the invite code of a shared link (`?ref=REW-…`, docs/rules.md#screens share text) for /registration,
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
