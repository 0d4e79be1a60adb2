import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCarrier } from '../../../server/seed/np-branches';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';

let s: TestServer;
let a: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  await seedCarrier(s.deps);
  a = await createMember(s);
});
afterAll(() => s.close());

type City = { label: string; value: string; city_id: string; meta: { MainDescription: string } };
const cities = async (query?: Record<string, string>) => {
  const r = await s.get('/api/delivery/np/cities', query, a.token);
  expect(r.status).toBe(200);
  return r.body.cities as City[];
};
const names = (list: City[]) => list.map((c) => c.meta.MainDescription);
const kyivId = async () => (await cities({ query: 'Київ' }))[0]!.city_id;

describe('carrier city search (docs/rules.md#entities City option; Nova Poshta searchSettlements shape)', () => {
  it('shows the six popular cities of docs/rules.md#entities in their order when nothing is typed', async () => {
    expect(names(await cities())).toEqual(['Київ', 'Харків', 'Одеса', 'Дніпро', 'Запоріжжя', 'Львів']);
    expect(names(await cities({ query: '   ' }))).toHaveLength(6);
  });

  it('answers the City option fields (docs/rules.md#entities)', async () => {
    const [kyiv] = await cities({ query: 'київ' });
    expect(kyiv).toEqual({
      value: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      label: 'м. Київ, Київська обл.',
      city_id: expect.any(String),
      province: 'Київська обл.',
      delivery_city_id: kyiv!.city_id,
      meta: { MainDescription: 'Київ', Area: 'Київська', Region: '', DeliveryCity: kyiv!.city_id },
    });
    const [bc] = await cities({ query: 'Біла' });
    expect(bc!.label).toBe('м. Біла Церква, Білоцерківський р-н, Київська обл.');
  });

  it('searches by prefix, case-insensitive, bigger cities first', async () => {
    expect(names(await cities({ query: 'ХАР' }))).toEqual(['Харків']);
    expect(names(await cities({ query: 'кр' }))).toEqual(['Кривий Ріг', 'Кропивницький', 'Кременчук']);
    expect(names(await cities({ query: 'м. Льв' }))).toEqual(['Львів']);
    expect(names(await cities({ query: 'кам’ян' }))).toEqual(["Кам'янське", "Кам'янець-Подільський"]);
    expect(await cities({ query: 'Атлантида' })).toEqual([]);
    expect(await cities({ query: '%' })).toEqual([]);
    expect(names(await cities({ query: 'к', limit: '50' }))).toEqual([
      'Київ',
      'Кривий Ріг',
      "Кам'янське",
      'Кропивницький',
      'Кременчук',
      "Кам'янець-Подільський",
    ]);
  });

  it('finds cities by their Latin spelling too', async () => {
    expect(names(await cities({ query: 'Zapor' }))).toEqual(['Запоріжжя']);
    expect(names(await cities({ query: 'kyiv' }))).toEqual(['Київ']);
    expect(names(await cities({ query: 'lviv' }))).toEqual(['Львів']);
    expect(names(await cities({ query: 'Ivano' }))).toEqual(['Івано-Франківськ']);
  });

  it('honours limit and refuses a bad one with 400', async () => {
    expect(await cities({ query: 'к', limit: '2' })).toHaveLength(2);
    expect((await s.get('/api/delivery/np/cities', { limit: 'many' }, a.token)).status).toBe(400);
    expect((await s.get('/api/delivery/np/cities', { query: 'x'.repeat(101) }, a.token)).status).toBe(400);
  });

  it('needs a signed-in member (401)', async () => {
    expect((await s.get('/api/delivery/np/cities')).status).toBe(401);
  });
});

describe('carrier branches of a city (docs/rules.md#entities Delivery npDep with meta.number)', () => {
  const branches = async (query: Record<string, string>) => s.get('/api/delivery/np/branches', query, a.token);

  it('lists each popular city’s branches and lockers by number, 10+ branches each', async () => {
    for (const c of await cities()) {
      const r = await branches({ city_id: c.city_id, type: 'branch' });
      expect(r.status).toBe(200);
      expect(r.body.total, c.label).toBeGreaterThanOrEqual(10);
    }
    const all = await branches({ city_id: await kyivId() });
    const first = all.body.branches[0];
    expect(first).toMatchObject({ number: 1, type: 'branch', meta: { number: 1 }, max_weight_kg: 1000 });
    expect(first.label).toBe('Відділення №1: вул. Хрещатик, 22');
    expect(first.short_address).toBe('Київ, вул. Хрещатик, 22');
    expect(first.schedule).toMatchObject({ Monday: '08:00-21:00', Sunday: '09:00-19:00' });
    const numbers = all.body.branches.map((b: { number: number }) => b.number);
    expect([...numbers].sort((x, y) => x - y)).toEqual(numbers);
    expect(all.body.branches.some((b: { type: string }) => b.type === 'postomat')).toBe(true);
  });

  it('gives the smaller cities a few branches', async () => {
    const [vin] = await cities({ query: 'Вінн' });
    const r = await branches({ city_id: vin!.city_id });
    expect(r.body.total).toBeGreaterThanOrEqual(3);
    expect(r.body.total).toBeLessThan(10);
  });

  it('filters by number prefix, by street and by type', async () => {
    const id = await kyivId();
    const one = await branches({ city_id: id, query: '1', type: 'branch' });
    expect(one.body.branches.map((b: { number: number }) => b.number)).toEqual([1, 10, 11, 12, 13, 14, 15]);
    const street = await branches({ city_id: id, query: 'хрещатик' });
    expect(street.body.branches.length).toBeGreaterThanOrEqual(1);
    expect(street.body.branches.every((b: { short_address: string }) => b.short_address.includes('Хрещатик'))).toBe(
      true,
    );
    const lockers = await branches({ city_id: id, type: 'postomat' });
    expect(lockers.body.total).toBe(3);
    expect(lockers.body.branches.every((b: { label: string }) => b.label.startsWith('Поштомат'))).toBe(true);
    expect((await branches({ city_id: id, query: '9999999999' })).body).toEqual({ branches: [], total: 0 });
  });

  it('pages with limit and offset', async () => {
    const id = await kyivId();
    const p = await branches({ city_id: id, limit: '5', offset: '5' });
    expect(p.body.branches.map((b: { number: number }) => b.number)).toEqual([6, 7, 8, 9, 10]);
    expect(p.body.total).toBe(18);
  });

  it('answers 404 for an unknown city and 400 for bad parameters', async () => {
    expect((await branches({ city_id: 'no-such-city' })).status).toBe(404);
    expect((await branches({})).status).toBe(400);
    expect((await branches({ city_id: await kyivId(), type: 'drone' })).status).toBe(400);
    expect((await branches({ city_id: await kyivId(), limit: '-1' })).status).toBe(400);
  });

  it('needs a signed-in member (401)', async () => {
    expect((await s.get('/api/delivery/np/branches', { city_id: 'x' })).status).toBe(401);
  });
});

describe('the real Nova Poshta adapter (NOVA_POSHTA_API_KEY set), against recorded-shape answers', () => {
  it('asks searchSettlements and getWarehouses and maps their answers to the same options', async () => {
    const { novaPoshtaApi } = await import('../../../server/sandboxes/nova-poshta-api');
    const sent: Array<{ calledMethod: string; methodProperties: Record<string, string>; apiKey: string }> = [];
    const fake = (async (_url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      sent.push(body);
      const data =
        body.calledMethod === 'searchSettlements'
          ? [
              {
                TotalCount: 1,
                Addresses: [
                  {
                    Present: 'м. Львів, Львівська обл.',
                    MainDescription: 'Львів',
                    Area: 'Львівська',
                    Region: '',
                    SettlementTypeCode: 'м.',
                    Ref: 'settl-ref',
                    DeliveryCity: 'city-ref',
                    Warehouses: 300,
                  },
                ],
              },
            ]
          : [
              {
                Ref: 'wh-1',
                Description: 'Відділення №5: вул. Городоцька, 174',
                ShortAddress: 'Львів, Городоцька, 174',
                Number: '5',
                CityRef: 'city-ref',
                CategoryOfWarehouse: 'Branch',
                Schedule: { Monday: '08:00-21:00' },
                TotalMaxWeightAllowed: '30',
              },
            ];
      return new Response(JSON.stringify({ success: true, data, errors: [], info: { totalCount: 1 } }));
    }) as typeof fetch;
    const np = novaPoshtaApi('secret-key', fake);
    const [lviv] = await np.searchCities('льв', 5);
    expect(lviv).toEqual({
      value: 'settl-ref',
      label: 'м. Львів, Львівська обл.',
      city_id: 'city-ref',
      province: 'Львівська обл.',
      delivery_city_id: 'city-ref',
      meta: { MainDescription: 'Львів', Area: 'Львівська', Region: '', DeliveryCity: 'city-ref' },
    });
    expect(sent[0]).toMatchObject({
      apiKey: 'secret-key',
      calledMethod: 'searchSettlements',
      methodProperties: { CityName: 'льв', Limit: '5' },
    });
    const out = await np.branches({ cityId: 'city-ref', query: '5', limit: 20, offset: 0 });
    expect(out?.branches[0]).toMatchObject({
      value: 'wh-1',
      number: 5,
      type: 'branch',
      max_weight_kg: 30,
      meta: { number: 5 },
    });
    expect(sent[1]).toMatchObject({
      calledMethod: 'getWarehouses',
      methodProperties: { CityRef: 'city-ref', WarehouseId: '5' },
    });
  });

  it('turns a provider failure into 502 carrier_unavailable', async () => {
    const { novaPoshtaApi } = await import('../../../server/sandboxes/nova-poshta-api');
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(novaPoshtaApi('k', down).searchCities('київ', 5)).rejects.toMatchObject({
      status: 502,
      code: 'carrier_unavailable',
    });
  });
});
