/**
 * The attributes of every cookie the app writes, for a page served over `protocol` (`https:`,
 * `http:`): on the whole app, kept from cross-site subrequests (SameSite=Lax), and `Secure` over
 * https, so the session cookie, which carries the member's token, never travels over plain http.
 */
export function cookieAttributes(maxAgeSeconds: number, protocol: string): string {
  return `Max-Age=${maxAgeSeconds}; path=/; SameSite=Lax${protocol === 'https:' ? '; Secure' : ''}`;
}
