import { peekStoredSignIn } from '../../db/peek-session';

const IS18_MAX_AGE_S = 60 * 60 * 24 * 365;
/** The screens of a visitor who is not signed in: a restored member goes home from them. */
const SIGNED_OUT_ONLY = ['/is18', '/auth', '/registration'];

/**
 * A browser killed within about 30 s of sign-in may lose both cookies (Chromium writes its cookie
 * jar to disk lazily), while the session is stored on the device. On start, without `usertoken`,
 * the stored sign-in (with the age answer it was made after) gives them back: the member is not
 * met by the age gate and the sign-in form again. True when the page must go home to show it.
 */
export async function restoreSignInCookies(now = Date.now()): Promise<boolean> {
  if (/(?:^|;\s*)usertoken=/.test(document.cookie) || typeof indexedDB === 'undefined') return false;
  const stored = await peekStoredSignIn().catch(() => null);
  const left = stored?.cookies ? Math.floor((stored.cookies.expiresAt - now) / 1000) : 0;
  if (!stored?.cookies?.is18 || left <= 0) return false;
  // Written as src/domain/auth/cookie-attributes.ts says (Secure over https); not imported, so
  // the entry shares no module with the app's chunks.
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `usertoken=${encodeURIComponent(stored.token)}; Max-Age=${left}; path=/; SameSite=Lax${secure}`;
  document.cookie = `showIs18=1; Max-Age=${IS18_MAX_AGE_S}; path=/; SameSite=Lax${secure}`;
  return SIGNED_OUT_ONLY.some((p) => location.pathname === p || location.pathname.startsWith(`${p}/`));
}
