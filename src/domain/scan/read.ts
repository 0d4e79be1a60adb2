import { checkGuid } from './guid';

/**
 * What a scanned or typed text is: a product code (GUID, docs/rules.md#validation), a store consultant's badge
 * (save-manager, docs/api.md#scan), or neither, with the message (docs/rules.md#error-reactions).
 */
export type ScanRead =
  | { kind: 'code'; code: string }
  | { kind: 'manager'; manager: string; from: string }
  | { kind: 'invalid'; error: string };

/**
 * A consultant's badge QR: `club-manager:<id>?from=<place, URL-encoded>`, e.g.
 * `club-manager:KV-0417?from=glo%20studio%2C%20%D0%A2%D0%A0%D0%A6%20Ocean%20Plaza`.
 */
const MANAGER = /^club-manager:([A-Za-z0-9._-]{1,64})(?:\?from=([^#]*))?$/i;
/** Where the consultant works when the badge does not say. */
export const MANAGER_PLACE_UNKNOWN = 'Точка продажу';

/** The badge text of a consultant (the inverse of {@link readScan}'s manager form). */
export function managerBadge(manager: string, from: string): string {
  return `club-manager:${manager}?from=${encodeURIComponent(from)}`;
}

function decodePlace(raw: string | undefined): string {
  if (!raw) return MANAGER_PLACE_UNKNOWN;
  try {
    const place = decodeURIComponent(raw.replace(/\+/g, ' ')).replace(/\s+/g, ' ').trim().slice(0, 120);
    return place || MANAGER_PLACE_UNKNOWN;
  } catch {
    return MANAGER_PLACE_UNKNOWN;
  }
}

/** Sorts a read: codes are kept lower case (the server's form), so the same code is one key. */
export function readScan(value: unknown): ScanRead {
  if (typeof value === 'string') {
    const m = MANAGER.exec(value.trim());
    if (m) return { kind: 'manager', manager: m[1]!, from: decodePlace(m[2]) };
  }
  const check = checkGuid(value);
  return check.ok ? { kind: 'code', code: check.value.toLowerCase() } : { kind: 'invalid', error: check.error };
}
