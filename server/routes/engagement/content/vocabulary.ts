import type { Hono } from 'hono';
import { getVocabulary, type VocabularySection } from '../../../../src/contract/content';
import type { AppEnv } from '../../../context';
import { mount } from '../../../http/route';

/** Section titles as the screens show them (routes /vocabulary, /vocabulary/velo, /vocabulary/ogo-club). */
export const VOCABULARY_TITLES: Record<VocabularySection, string> = {
  general: 'Словник споживача',
  velo: 'Словник velo',
  'ogo-club': 'Словник ogo-клубу',
};

const byTerm = (a: { term: string }, b: { term: string }) => a.term.localeCompare(b.term, 'uk');

/** GET /api/vocabulary/get-terms: one section's terms in Ukrainian alphabetical order. */
export function registerContentVocabulary(app: Hono<AppEnv>): void {
  mount(app, getVocabulary, async ({ input, deps }) => {
    const section = input.section ?? 'general';
    const rows = await deps.db.selectFrom('vocabulary_terms').select(['id', 'section', 'term', 'definition']).execute();
    const sections = (Object.keys(VOCABULARY_TITLES) as VocabularySection[]).map((s) => ({
      section: s,
      title: VOCABULARY_TITLES[s],
      count: rows.filter((r) => r.section === s).length,
    }));
    const terms = rows
      .filter((r) => r.section === section)
      .sort(byTerm)
      .map((r) => ({ id: r.id, term: r.term, definition: r.definition }));
    return { section, title: VOCABULARY_TITLES[section], terms, sections };
  });
}
