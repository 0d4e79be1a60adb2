import * as z from 'zod/mini';
import { defineCall } from './define';

/* Brand stores (route /glo-studio, "brand stores" in docs/rules.md#screens). */

export const storeService = z.enum(['sale', 'device-service', 'trade-in', 'consultation', 'pickup', 'test-drive']);

export const brandStore = z.object({
  id: z.number(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  /** Opening hours as lines for the screen, e.g. 'Пн–Пт 10:00–21:00'. */
  hours: z.array(z.string()),
  phone: z.string(),
  /** WGS 84 degrees. */
  lat: z.number(),
  lng: z.number(),
  services: z.array(storeService),
});
export type BrandStore = z.infer<typeof brandStore>;

/**
 * GET /api/stores/get-list?city= -> the brand stores, of one city when `city` is given
 * (matched whole, ignoring case and spaces around it; an unknown city gives an empty list),
 * and every city with its number of stores for the filter.
 */
export const getStores = defineCall({
  method: 'GET',
  path: '/api/stores/get-list',
  auth: 'member',
  mutation: false,
  summary: 'Brand stores (glo-studio) with address, hours, coordinates and services; filter by city',
  request: z.object({ city: z.optional(z.string().check(z.maxLength(100))) }),
  response: z.object({
    cities: z.array(z.object({ city: z.string(), count: z.number() })),
    stores: z.array(brandStore),
  }),
});

export const storesCalls = { getStores } as const;
