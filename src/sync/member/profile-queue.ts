// The profile entries' kind and payload, and the query over waiting ones, apart from the kind
// itself (which brings the API schemas): the profile screen reads these at first paint.
import type { ClubDb } from '../../db/database';
import type { OutboxEntry } from '../../db/rows-sync';

/** The profile fields kept as metafields of the member's records, namespace `pwa`. */
export type ProfileKey = 'delivery_address' | 'birth_date';
export const PROFILE_NAMESPACE = 'pwa';
export const PROFILE_METAFIELD = 'profile-metafield';

export interface ProfileMetafieldPayload {
  key: ProfileKey;
  /** The stored text: JSON for the address, YYYY-MM-DD for the birth date. */
  value: string;
  /** The local value before this change (to undo a refusal), or null when there was none. */
  previous: string | null;
}

/** Entries of `key` still waiting (not failed), other than `except`. */
export async function waitingProfileEntries(
  db: ClubDb,
  key: ProfileKey,
  except?: string,
): Promise<OutboxEntry<ProfileMetafieldPayload>[]> {
  const rows = (await db.outbox
    .where('kind')
    .equals(PROFILE_METAFIELD)
    .toArray()) as OutboxEntry<ProfileMetafieldPayload>[];
  return rows.filter((e) => e.payload.key === key && e.state !== 'failed' && e.id !== except);
}
