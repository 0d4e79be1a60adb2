import { createHash } from 'node:crypto';
import { normalizeCityText, transliterate } from '../../src/domain/delivery/city-search';
import type { AppDeps } from '../context';
import { OTHER_CITIES, POPULAR_CITIES, type CitySeed } from './np-cities';

/** A stable GUID-form ref from a name, so refs stay the same across reseeds (like the carrier's own). */
export function refOf(kind: string, name: string): string {
  const h = createHash('sha1').update(`${kind}:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The carrier ref of a seeded city's branches (np/branches city_id), by its Ukrainian name. */
export const cityRefOf = (name: string) => refOf('city', name);

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

function schedule(kind: 'big' | 'small' | 'postomat'): string {
  const hours = (d: string) =>
    kind === 'postomat'
      ? '00:00-23:59'
      : kind === 'big'
        ? d === 'Sunday'
          ? '09:00-19:00'
          : '08:00-21:00'
        : d === 'Sunday'
          ? '-'
          : '09:00-19:00';
  return JSON.stringify(Object.fromEntries(WEEK.map((d) => [d, hours(d)])));
}

function branchRows(city: CitySeed, branches: number, postomats: number) {
  const [name, , , , streets] = city;
  const cityRef = cityRefOf(name);
  const rows = [];
  for (let i = 0; i < branches + postomats; i += 1) {
    const postomat = i >= branches;
    const number = postomat ? 30_000 + (i - branches + 1) * 7 : i + 1;
    const street = streets[i % streets.length] ?? 'вул. Центральна, 1';
    const cargo = !postomat && number % 5 === 1;
    const description = postomat
      ? `Поштомат "Нова Пошта" №${number}: ${street} (маг. "Сільпо")`
      : `Відділення №${number}${cargo ? '' : ' (до 30 кг)'}: ${street}`;
    const shortAddress = `${name}, ${street}`;
    rows.push({
      ref: refOf('branch', `${name}:${number}`),
      city_ref: cityRef,
      number,
      type: postomat ? ('postomat' as const) : ('branch' as const),
      description,
      short_address: shortAddress,
      search_key: normalizeCityText(`${description} ${shortAddress}`),
      schedule: schedule(postomat ? 'postomat' : branches > 6 ? 'big' : 'small'),
      max_weight_kg: postomat ? 20 : cargo ? 1000 : 30,
    });
  }
  return rows;
}

/** Seeds the carrier sandbox's cities and branches once (tests of other groups may call it on its own). */
export async function seedCarrier(deps: AppDeps): Promise<void> {
  const any = await deps.db.selectFrom('np_cities').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const all: Array<[CitySeed, number | null, number, number]> = [
    ...POPULAR_CITIES.map((c, i): [CitySeed, number | null, number, number] => [
      c,
      i + 1,
      Math.max(12, c[4].length),
      3,
    ]),
    ...OTHER_CITIES.map((c): [CitySeed, number | null, number, number] => [c, null, 3, 1]),
  ];
  for (const [city, rank, branches, postomats] of all) {
    const [name, area, region, population] = city;
    await deps.db
      .insertInto('np_cities')
      .values({
        ref: refOf('settlement', name),
        delivery_city_ref: cityRefOf(name),
        name,
        settlement_type: 'м.',
        area,
        region,
        search_uk: normalizeCityText(name),
        search_lat: transliterate(name),
        popular_rank: rank,
        population: population * 1000,
      })
      .execute();
    await deps.db
      .insertInto('np_branches')
      .values(branchRows(city, branches, postomats))
      .execute();
  }
}
