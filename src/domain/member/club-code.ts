/**
 * The member's club code, shown as a QR on /qr for a consultant's scanner in a store.
 *
 * Format (documented, stable): `<BRAND>-<ID>-<C>`, e.g. `GLO-00000123-0`
 * - BRAND: `GLO` or `OGO`, the variant whose shop record it names;
 * - ID: the member's shop record id of that variant (the customer id every call of docs/api.md uses as
 *   `shopifyId`), 8 digits with leading zeros, more when the id is longer;
 * - C: a Luhn (mod 10) check digit over ID, so a misread code is refused rather than crediting
 *   someone else.
 * It names the member's record and holds nothing secret (no token, no phone).
 */
export type ClubBrand = 'glo' | 'ogo';

const CODE = /^(GLO|OGO)-(\d{8,12})-(\d)$/;

/** Luhn check digit of a string of digits. */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The club code of a shop record: `clubCode('glo', 123)` is `GLO-00000123-0`. */
export function clubCode(brand: ClubBrand, customerId: number): string {
  if (!Number.isSafeInteger(customerId) || customerId <= 0) throw new RangeError(`Not a record id: ${customerId}`);
  const id = String(customerId).padStart(8, '0');
  return `${brand.toUpperCase()}-${id}-${luhnDigit(id)}`;
}

/** The brand and record id a scanned code names, or null when it is not a valid club code (wrong form or check digit). */
export function parseClubCode(text: string): { brand: ClubBrand; customerId: number } | null {
  const m = CODE.exec(text.trim().toUpperCase());
  if (!m) return null;
  const [, brand, id, check] = m;
  if (luhnDigit(id!) !== Number(check)) return null;
  const customerId = Number(id);
  return customerId > 0 ? { brand: brand!.toLowerCase() as ClubBrand, customerId } : null;
}

/** `GLO-00000123-0` → `GLO 0000 0123 0`, for reading aloud. */
export function formatClubCode(code: string): string {
  const m = CODE.exec(code);
  if (!m) return code;
  return `${m[1]} ${m[2]!.replace(/(\d{4})(?=\d)/g, '$1 ')} ${m[3]}`;
}
