/**
 * A UUID v4 (RFC 9562), used as the Idempotency-Key of an outbox entry. `crypto.randomUUID`
 * exists only in secure contexts, so a phone opening the app over plain http on a LAN falls
 * back to `getRandomValues`, which exists everywhere.
 */
export function uuidV4(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
