/**
 * Tags a member may set or remove on their own shop record (consents, install flag). Every
 * other tag (age_verified, the velo-discount-used tag, pwa_user...) belongs to the server.
 */
export const SELF_SERVICE_TAGS = [
  'pwa_installed',
  'news_consent',
  'sms_consent',
  'email_consent',
  'push_consent',
] as const;

const SELF = new Set<string>(SELF_SERVICE_TAGS);

export function isSelfServiceTag(tag: string): boolean {
  return SELF.has(tag);
}

/** Tags as Shopify sends them: a comma-separated string or a list; trimmed, empty ones dropped, no repeats. */
export function parseTags(tags: string | readonly string[]): string[] {
  const list = typeof tags === 'string' ? tags.split(',') : tags;
  return [...new Set(list.map((t) => t.trim()).filter(Boolean))];
}

export interface TagChange {
  added: string[];
  removed: string[];
  /** Added or removed tags that are not self-service: the change must be refused. */
  forbidden: string[];
  /** The resulting list: `current` with only self-service tags changed. */
  next: string[];
}

/**
 * The change from `current` to the `wanted` full list. A member may send the list back with
 * server tags untouched; only adding or removing a non-self-service tag is forbidden.
 */
export function tagChange(current: readonly string[], wanted: readonly string[]): TagChange {
  const cur = new Set(current);
  const want = new Set(wanted);
  const added = [...want].filter((t) => !cur.has(t));
  const removed = [...cur].filter((t) => !want.has(t));
  const forbidden = [...added, ...removed].filter((t) => !isSelfServiceTag(t));
  const next = [...current.filter((t) => !isSelfServiceTag(t) || want.has(t)), ...added.filter(isSelfServiceTag)];
  return { added, removed, forbidden, next };
}
