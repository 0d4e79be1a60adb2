import { cookieAttributes } from '../../domain/auth/cookie-attributes';

/** docs/rules.md#roles: signed in = this cookie; the route guards read it. */
export const USER_TOKEN_COOKIE = 'usertoken';

/** The cookies the sign-in writes (swappable in tests; the page uses `documentCookies`). */
export interface CookieJar {
  get(name: string): string | null;
  /** Sets a cookie on the app's path for `maxAgeSeconds`. */
  set(name: string, value: string, maxAgeSeconds: number): void;
  clear(name: string): void;
}

/** `document.cookie` as a {@link CookieJar}; `protocol` the page's (`Secure` cookies over https). */
export function documentCookies(
  doc: { cookie: string } = document,
  protocol: string = globalThis.location?.protocol ?? '',
): CookieJar {
  return {
    get(name) {
      for (const part of doc.cookie.split(';')) {
        const [k, ...v] = part.trim().split('=');
        if (k === name) return decodeURIComponent(v.join('='));
      }
      return null;
    },
    set(name, value, maxAgeSeconds) {
      doc.cookie = `${name}=${encodeURIComponent(value)}; ${cookieAttributes(Math.max(0, Math.floor(maxAgeSeconds)), protocol)}`;
    },
    clear(name) {
      doc.cookie = `${name}=; Max-Age=0; path=/`;
    },
  };
}

/** A cookie jar in memory, for tests and for contexts without `document`. */
export function memoryCookies(initial: Record<string, string> = {}): CookieJar & { all(): Record<string, string> } {
  const jar = new Map(Object.entries(initial));
  return {
    get: (name) => jar.get(name) ?? null,
    set: (name, value, maxAgeSeconds) => void (maxAgeSeconds > 0 ? jar.set(name, value) : jar.delete(name)),
    clear: (name) => void jar.delete(name),
    all: () => Object.fromEntries(jar),
  };
}
