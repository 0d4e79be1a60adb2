import { getCookie } from '../cookies';
import type { GuardContext } from './types';

let lastPath: string | null = null;

/** Called on every completed navigation, so guards know where the member came from. */
export function notePath(path: string): void {
  lastPath = path;
}

export const CART_REFERRER_KEY = 'cartReferrer';

/** The guard context of a navigation in this browser. */
export function guardContext(pathname: string): GuardContext {
  return {
    pathname,
    signedIn: Boolean(getCookie('usertoken')),
    is18Confirmed: getCookie('showIs18') === '1',
    previousPath: lastPath,
    rememberReferrer: (p) => sessionStorage.setItem(CART_REFERRER_KEY, p),
  };
}
