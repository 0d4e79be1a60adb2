/**
 * The search box of the consumer dictionary (routes /vocabulary…): works on the terms kept on the
 * device, so it answers offline. Case, apostrophe forms (’ ' ʼ `) and extra spaces do not matter.
 */
export interface Term {
  id: number;
  term: string;
  definition: string;
}

/** Text as the search compares it. */
export function searchKey(text: string): string {
  return text
    .toLocaleLowerCase('uk')
    .replace(/[’'ʼ`‘]/g, '’')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The terms matching `query`, best first: terms that start with it, then terms that contain
 * it, then terms whose definition contains it (each group in the given order). An empty query
 * gives every term as given.
 */
export function searchTerms<T extends Term>(terms: readonly T[], query: string): T[] {
  const q = searchKey(query);
  if (!q) return [...terms];
  const starts: T[] = [];
  const inTerm: T[] = [];
  const inDefinition: T[] = [];
  for (const t of terms) {
    const term = searchKey(t.term);
    if (term.startsWith(q)) starts.push(t);
    else if (term.includes(q)) inTerm.push(t);
    else if (searchKey(t.definition).includes(q)) inDefinition.push(t);
  }
  return [...starts, ...inTerm, ...inDefinition];
}

/** Terms grouped under their first letter, in the given order (the server sends them А to Я). */
export function byFirstLetter<T extends Term>(terms: readonly T[]): Array<{ letter: string; terms: T[] }> {
  const groups: Array<{ letter: string; terms: T[] }> = [];
  for (const t of terms) {
    const letter = (t.term.trim()[0] ?? '#').toLocaleUpperCase('uk');
    const last = groups[groups.length - 1];
    if (last && last.letter === letter) last.terms.push(t);
    else groups.push({ letter, terms: [t] });
  }
  return groups;
}
