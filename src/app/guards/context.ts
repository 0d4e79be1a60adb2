import { getCookie } from '../../state/cookies';
import { CART_REFERRER_KEY } from '../../state/nav-keys';
import { captureInviteCode } from '../../state/visitor';
import type { GuardContext } from './types';

let lastPath: string | null = null;

/** Called on every completed navigation, so guards know where the member came from. */
export function notePath(path: string): void {
  lastPath = path;
}

/**
 * The guard context of a navigation in this browser. The visit's `?ref=` invite code is kept
 * first: the guards may redirect (to /is18, /auth) and drop the query string.
 */
export function guardContext(
  pathname: string,
  cookies: string = document.cookie,
  search: string = location.search,
): GuardContext {
  try {
    captureInviteCode(search);
  } catch {
    // Storage may be unavailable (private mode quirks); the invite code is a nicety.
  }
  return {
    pathname,
    signedIn: Boolean(getCookie('usertoken', cookies)),
    is18Confirmed: getCookie('showIs18', cookies) === '1',
    previousPath: lastPath,
    rememberReferrer: (p) => sessionStorage.setItem(CART_REFERRER_KEY, p),
  };
}
