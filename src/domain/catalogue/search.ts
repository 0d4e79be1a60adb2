/** Lower case, one kind of apostrophe, single spaces: how names and queries are compared. */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’ʼ`´‘']/g, "'")
    .replace(/[«»"]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface Searchable {
  title: string;
  subTitle: string;
}

/** Shortest query that searches: one letter matches half the catalogue. */
export const SEARCH_MIN_LENGTH = 2;

/**
 * Products whose title or subtitle contains every word of the query (any order, any case),
 * titles that start with the query first, then catalogue order. Pure: the shop searches the
 * variant's stored catalogue, offline too.
 */
export function searchCatalogue<P extends Searchable>(products: readonly P[], query: string, limit = 200): P[] {
  const q = normalizeSearchText(query);
  if (q.length < SEARCH_MIN_LENGTH) return [];
  const words = q.split(' ');
  const first: P[] = [];
  const rest: P[] = [];
  for (const p of products) {
    const title = normalizeSearchText(p.title);
    const hay = `${title} ${normalizeSearchText(p.subTitle)}`;
    if (!words.every((w) => hay.includes(w))) continue;
    (title.startsWith(q) || title.includes(` ${q}`) ? first : rest).push(p);
  }
  return [...first, ...rest].slice(0, limit);
}
