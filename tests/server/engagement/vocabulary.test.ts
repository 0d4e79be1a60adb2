import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOCABULARY_TITLES } from '../../../server/routes/engagement/content/vocabulary';
import { DEMO_TERMS } from '../../../server/seed/content-vocabulary';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { engagementServer } from './support';

let s: TestServer, m: TestMember;
beforeAll(async () => {
  s = await engagementServer();
  m = await createMember(s);
});
afterAll(() => s.close());

const terms = (query: Record<string, string>) => s.get('/api/vocabulary/get-terms', query, m.token);
const ukrainian = new Intl.Collator('uk');

describe('vocabulary/get-terms (routes /vocabulary, /vocabulary/velo, /vocabulary/ogo-club)', () => {
  it('answers the general section by default, A to Я, with every section and its size for the tabs', async () => {
    const r = await terms({});
    expect(r.status).toBe(200);
    expect(r.body.section).toBe('general');
    expect(r.body.title).toBe('Словник споживача');
    const names: string[] = r.body.terms.map((t: { term: string }) => t.term);
    expect(new Set(names)).toEqual(new Set(DEMO_TERMS.general.map(([t]) => t)));
    for (let i = 1; i < names.length; i++)
      expect(ukrainian.compare(names[i - 1] ?? '', names[i] ?? ''), names[i]).toBeLessThanOrEqual(0);
    expect(r.body.sections).toEqual([
      { section: 'general', title: VOCABULARY_TITLES.general, count: DEMO_TERMS.general.length },
      { section: 'velo', title: VOCABULARY_TITLES.velo, count: DEMO_TERMS.velo.length },
      { section: 'ogo-club', title: VOCABULARY_TITLES['ogo-club'], count: DEMO_TERMS['ogo-club'].length },
    ]);
  });

  it('answers each section’s own terms with their definitions, and nothing of the others', async () => {
    for (const section of ['velo', 'ogo-club'] as const) {
      const r = await terms({ section });
      expect(r.status).toBe(200);
      expect(r.body.title).toBe(VOCABULARY_TITLES[section]);
      const byTerm = new Map<string, string>(
        r.body.terms.map((t: { term: string; definition: string }) => [t.term, t.definition]),
      );
      expect(byTerm).toEqual(new Map(DEMO_TERMS[section]));
    }
  });

  it('orders Ukrainian letters as Ukrainian does (Ґ after Г, Є after Е, І and Ї after И)', async () => {
    await s.deps.db
      .insertInto('vocabulary_terms')
      .values(
        ['Їжак', 'Гарнітура', 'Ґудзик', 'Євро', 'Емблема', 'Игрек', 'Ідея'].map((term) => ({
          section: 'velo' as const,
          term,
          definition: 'Тест',
        })),
      )
      .execute();
    const names: string[] = (await terms({ section: 'velo' })).body.terms.map((t: { term: string }) => t.term);
    const mine = names.filter((n) => ['Їжак', 'Гарнітура', 'Ґудзик', 'Євро', 'Емблема', 'Игрек', 'Ідея'].includes(n));
    expect(mine).toEqual(['Гарнітура', 'Ґудзик', 'Емблема', 'Євро', 'Игрек', 'Ідея', 'Їжак']);
  });

  it('answers 400 naming section for an unknown section', async () => {
    for (const section of ['ogo', 'GENERAL', '']) {
      const r = await terms({ section });
      expect(r.status, section).toBe(400);
      expect(r.body.error.message).toContain('«section»');
    }
  });
});
