import { cookieAttributes } from '../domain/auth/cookie-attributes';

/** Small document.cookie helpers (docs/rules.md#states, docs/rules.md#roles name the cookies: usertoken, showIs18, …). */
export function getCookie(name: string, source: string = document.cookie): string | null {
  for (const part of source.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; ${cookieAttributes(maxAgeSeconds, location.protocol)}`;
}
