import * as z from 'zod/mini';
import { defineCall, expiringToken, isoDateTime } from './define';

/** A city option of docs/rules.md#entities ("City option"), shaped after Nova Poshta's searchSettlements. */
export const cityOption = z.object({
  /** Settlement ref: the option's key. */
  value: z.string(),
  /** 'м. Київ, Київська обл.' */
  label: z.string(),
  /** City ref to ask for its branches with (np/branches city_id). */
  city_id: z.string(),
  /** 'Київська обл.' */
  province: z.string(),
  delivery_city_id: z.string(),
  meta: z.object({
    MainDescription: z.string(),
    Area: z.string(),
    Region: z.string(),
    DeliveryCity: z.string(),
  }),
});
export type CityOption = z.infer<typeof cityOption>;

/** A branch or parcel locker (docs/rules.md#entities Delivery npDep, with meta.number). */
export const branchOption = z.object({
  value: z.string(),
  /** 'Відділення №1 (до 30 кг): вул. Хрещатик, 22' */
  label: z.string(),
  number: z.number(),
  type: z.enum(['branch', 'postomat']),
  short_address: z.string(),
  /** Opening hours per weekday, e.g. { Monday: '08:00-21:00', Sunday: '-' }. */
  schedule: z.record(z.string(), z.string()),
  max_weight_kg: z.number(),
  city_id: z.string(),
  meta: z.object({ number: z.number() }),
});
export type BranchOption = z.infer<typeof branchOption>;

/**
 * GET /api/delivery/np/cities?query=&limit= — the reference server's own call (docs/api.md#delivery), since the
 * product's carrier calls were never described. Prefix search over Ukrainian and Latin names, case-insensitive; with no query, the six
 * popular cities of docs/rules.md#entities in their order.
 */
export const npSearchCities = defineCall({
  method: 'GET',
  path: '/api/delivery/np/cities',
  auth: 'member',
  mutation: false,
  summary: 'Carrier city search (Nova Poshta searchSettlements shape); popular cities when the query is empty',
  request: z.object({
    query: z.optional(z.string().check(z.maxLength(100))),
    /** 1..50, default 20. */
    limit: z.optional(z.string().check(z.regex(/^\d{1,2}$/))),
  }),
  response: z.object({ cities: z.array(cityOption) }),
});

/**
 * GET /api/delivery/np/branches?city_id=&query=&type=&limit=&offset= — the reference server's own call (docs/api.md#delivery).
 * Branches of a city by number; `query` of digits filters by number prefix, other text by street.
 */
export const npBranches = defineCall({
  method: 'GET',
  path: '/api/delivery/np/branches',
  auth: 'member',
  mutation: false,
  summary: 'Carrier branches and parcel lockers of a city, filtered by number or street',
  request: z.object({
    city_id: z.string().check(z.minLength(1), z.maxLength(64)),
    query: z.optional(z.string().check(z.maxLength(100))),
    type: z.optional(z.enum(['branch', 'postomat'])),
    /** 1..100, default 50. */
    limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/))),
    offset: z.optional(z.string().check(z.regex(/^\d{1,5}$/))),
  }),
  response: z.object({ branches: z.array(branchOption), total: z.number() }),
});

/** POST /api/ipost/auth -> token, expired_at (docs/api.md#delivery): a token of scope 'ipost' for the courier calls. */
export const ipostAuth = defineCall({
  method: 'POST',
  path: '/api/ipost/auth',
  auth: 'member',
  mutation: false,
  summary: 'Token for the local courier calls',
  request: z.object({}),
  response: expiringToken,
});

const ipostToken = z.string().check(z.minLength(1), z.maxLength(200));
const cityName = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

/**
 * POST /api/ipost/city-available {token, city} (docs/api.md#delivery). `city` is a city name or a city
 * option's value/city_id. Not served is a normal answer (available false): docs/rules.md#error-reactions — the app
 * then falls back to delivery 1.
 */
export const ipostCityAvailable = defineCall({
  method: 'POST',
  path: '/api/ipost/city-available',
  auth: 'member',
  mutation: false,
  summary: 'Whether the local courier serves a city',
  request: z.object({ token: ipostToken, city: cityName }),
  response: z.object({ available: z.boolean(), city: z.nullable(z.string()), cities: z.array(z.string()) }),
});

/**
 * POST /api/ipost/send-address {token, city, street, flat, delivery_date, delivery_time_from,
 * delivery_time_to, order_id, comment} (docs/api.md#delivery; the app retries it once after 1 s, so send an
 * Idempotency-Key). Sending again for the same order reschedules it.
 */
export const ipostSendAddress = defineCall({
  method: 'POST',
  path: '/api/ipost/send-address',
  auth: 'member',
  mutation: true,
  summary: 'Books the local courier for the member’s own order: address, day and time window',
  request: z.object({
    token: ipostToken,
    city: cityName,
    street: z.string().check(z.trim(), z.minLength(3), z.maxLength(200)),
    flat: z.optional(z.string().check(z.trim(), z.maxLength(20))),
    /** 'YYYY-MM-DD' (Kyiv): today up to 7 days ahead. */
    delivery_date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    /** 'HH:MM', within the courier's hours (09:00-21:00), from < to. */
    delivery_time_from: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
    delivery_time_to: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
    order_id: z.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
    comment: z.optional(z.string().check(z.maxLength(500))),
  }),
  response: z.object({
    ok: z.literal(true),
    id: z.number(),
    tracking: z.string(),
    status: z.literal('scheduled'),
    city: z.string(),
    delivery_date: z.string(),
    delivery_time_from: z.string(),
    delivery_time_to: z.string(),
    updated_at: isoDateTime,
  }),
});

export const deliveryCalls = { npSearchCities, npBranches, ipostAuth, ipostCityAvailable, ipostSendAddress } as const;
