/** Longest accepted return path, in characters. */
export const RETURN_PATH_MAX = 500;

/**
 * A `return_to` of a login link must stay on the site it logs into: a path starting with one
 * slash ("/cart", "/products/velo?x=1"), never "//host", "/\host", a scheme or control characters,
 * so the link cannot be turned into an open redirect.
 */
export function isSafeReturnPath(path: string): boolean {
  if (path.length === 0 || path.length > RETURN_PATH_MAX) return false;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\u0000-\u001f\u007f\s]/.test(path)) return false;
  try {
    return new URL(path, 'https://site.invalid').origin === 'https://site.invalid';
  } catch {
    return false;
  }
}
