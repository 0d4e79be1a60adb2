import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORES } from '../../../server/seed/engagement-stores';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { engagementServer } from './support';

let s: TestServer;
let m: TestMember;
beforeAll(async () => {
  s = await engagementServer();
  m = await createMember(s);
});
afterAll(() => s.close());

const stores = (query: Record<string, string> = {}) => s.get('/api/stores/get-list', query, m.token);

describe('stores/get-list (route /glo-studio)', () => {
  it('answers every store with its hours, coordinates in degrees and services, in the configured order', async () => {
    const r = await stores();
    expect(r.status).toBe(200);
    expect(r.body.stores.map(({ id: _id, ...rest }: { id: number }) => rest)).toEqual(DEMO_STORES);
    expect(new Set(r.body.stores.map((x: { id: number }) => x.id)).size).toBe(DEMO_STORES.length);
  });

  it('lists the cities for the filter, most stores first, then A to Я', async () => {
    const r = await stores();
    const counts = new Map<string, number>();
    for (const st of DEMO_STORES) counts.set(st.city, (counts.get(st.city) ?? 0) + 1);
    expect(r.body.cities).toEqual([
      { city: 'Київ', count: counts.get('Київ') },
      { city: 'Львів', count: counts.get('Львів') },
      { city: 'Дніпро', count: 1 },
      { city: 'Одеса', count: 1 },
      { city: 'Харків', count: 1 },
    ]);
  });

  it('filters by a whole city name, ignoring case and spaces; an unknown city gives no stores', async () => {
    for (const city of ['Київ', '  київ ', 'КИЇВ']) {
      const r = await stores({ city });
      expect(r.status).toBe(200);
      expect(r.body.stores.map((x: { name: string }) => x.name)).toEqual(
        DEMO_STORES.filter((x) => x.city === 'Київ').map((x) => x.name),
      );
      expect(r.body.cities).toHaveLength(5);
    }
    expect((await stores({ city: 'Ки' })).body.stores).toEqual([]);
    expect((await stores({ city: 'Житомир' })).body.stores).toEqual([]);
    expect((await stores({ city: '   ' })).body.stores).toHaveLength(DEMO_STORES.length);
  });

  it('answers 400 naming city for a city name over 100 characters', async () => {
    const r = await stores({ city: 'К'.repeat(101) });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('«city»');
  });
});
