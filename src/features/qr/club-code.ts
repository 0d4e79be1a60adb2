/**
 * The member's club code shown as a QR in a store: the variant and the shop record id, e.g.
 * "GLO-00000123". A consultant's scanner reads the record from it; it holds nothing secret.
 */
export function clubCode(variant: 'glo' | 'ogo', customerId: number): string {
  return `${variant.toUpperCase()}-${String(customerId).padStart(8, '0')}`;
}

/** "GLO-00000123" -> "GLO 0000 0123" for reading aloud. */
export function formatClubCode(code: string): string {
  const [prefix, digits = ''] = code.split('-');
  return `${prefix} ${digits.replace(/(\d{4})(?=\d)/g, '$1 ')}`;
}
