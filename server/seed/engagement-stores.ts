import type { BrandStore } from '../../src/contract/stores';
import type { AppDeps } from '../context';

const WEEK = ['Пн–Нд 10:00–21:00'];
const MALL = ['Пн–Пт 10:00–21:00', 'Сб–Нд 10:00–20:00'];

/** Brand stores (/glo-studio) in five cities, most in Kyiv. Coordinates in degrees. */
export const DEMO_STORES: ReadonlyArray<Omit<BrandStore, 'id'>> = [
  {
    name: 'glo-studio Хрещатик',
    city: 'Київ',
    address: 'вул. Хрещатик, 22',
    hours: WEEK,
    phone: '+380 44 300 10 01',
    lat: 50.447_412,
    lng: 30.522_584,
    services: ['sale', 'consultation', 'device-service', 'pickup'],
  },
  {
    name: 'glo-studio Лівобережна',
    city: 'Київ',
    address: 'пр-т Броварський, 17, ТРЦ «Дніпровський»',
    hours: MALL,
    phone: '+380 44 300 10 02',
    lat: 50.451_783,
    lng: 30.598_211,
    services: ['sale', 'consultation', 'trade-in', 'test-drive'],
  },
  {
    name: 'glo-studio Оболонь',
    city: 'Київ',
    address: 'пр-т Оболонський, 1Б',
    hours: MALL,
    phone: '+380 44 300 10 03',
    lat: 50.501_254,
    lng: 30.497_901,
    services: ['sale', 'pickup'],
  },
  {
    name: 'glo-studio Площа Ринок',
    city: 'Львів',
    address: 'пл. Ринок, 14',
    hours: WEEK,
    phone: '+380 32 300 20 01',
    lat: 49.841_952,
    lng: 24.031_592,
    services: ['sale', 'consultation', 'test-drive', 'pickup'],
  },
  {
    name: 'glo-studio Сихів',
    city: 'Львів',
    address: 'пр-т Червоної Калини, 62',
    hours: MALL,
    phone: '+380 32 300 20 02',
    lat: 49.801_311,
    lng: 24.057_846,
    services: ['sale', 'device-service'],
  },
  {
    name: 'glo-studio Дерибасівська',
    city: 'Одеса',
    address: 'вул. Дерибасівська, 9',
    hours: WEEK,
    phone: '+380 48 300 30 01',
    lat: 46.484_583,
    lng: 30.738_197,
    services: ['sale', 'consultation', 'trade-in', 'pickup'],
  },
  {
    name: 'glo-studio Сумська',
    city: 'Харків',
    address: 'вул. Сумська, 35',
    hours: WEEK,
    phone: '+380 57 300 40 01',
    lat: 50.004_672,
    lng: 36.234_181,
    services: ['sale', 'consultation', 'device-service'],
  },
  {
    name: 'glo-studio Яворницького',
    city: 'Дніпро',
    address: 'пр-т Дмитра Яворницького, 48',
    hours: MALL,
    phone: '+380 56 300 50 01',
    lat: 48.466_593,
    lng: 35.046_188,
    services: ['sale', 'consultation', 'pickup', 'test-drive'],
  },
];

/** Stores the brand stores once (no members needed); coordinates as whole micro-degrees. */
export async function seedStores(deps: AppDeps): Promise<void> {
  const any = await deps.db.selectFrom('brand_stores').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await deps.db
    .insertInto('brand_stores')
    .values(
      DEMO_STORES.map((s, sort) => ({
        name: s.name,
        city: s.city,
        address: s.address,
        hours: JSON.stringify(s.hours),
        phone: s.phone,
        lat_e6: Math.round(s.lat * 1e6),
        lng_e6: Math.round(s.lng * 1e6),
        services: JSON.stringify(s.services),
        sort,
      })),
    )
    .execute();
}
