import type { Hono } from 'hono';
import * as z from 'zod';
import { getStores, storeService } from '../../../../src/contract/stores';
import type { AppEnv } from '../../../context';
import { mount } from '../../../http/route';

const lines = z.array(z.string());
const services = z.array(z.enum(storeService.options));

const norm = (city: string) => city.trim().replace(/\s+/g, ' ').toLocaleLowerCase('uk');

/** GET /api/stores/get-list: brand stores, optionally of one city, and the cities for the filter. */
export function registerStoresList(app: Hono<AppEnv>): void {
  mount(app, getStores, async ({ input, deps }) => {
    const rows = await deps.db.selectFrom('brand_stores').selectAll().orderBy('sort').orderBy('id').execute();
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.city, (counts.get(r.city) ?? 0) + 1);
    const cities = [...counts]
      .map(([city, count]) => ({ city, count }))
      .sort((a, b) => b.count - a.count || a.city.localeCompare(b.city, 'uk'));
    const wanted = input.city?.trim() ? norm(input.city) : null;
    const stores = rows
      .filter((r) => wanted === null || norm(r.city) === wanted)
      .map((r) => ({
        id: r.id,
        name: r.name,
        city: r.city,
        address: r.address,
        hours: lines.parse(JSON.parse(r.hours)),
        phone: r.phone,
        lat: r.lat_e6 / 1e6,
        lng: r.lng_e6 / 1e6,
        services: services.parse(JSON.parse(r.services)),
      }));
    return { cities, stores };
  });
}
