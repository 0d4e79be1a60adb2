import * as z from 'zod';
import type { BranchOption, CityOption } from '../../src/contract/delivery';
import { ApiError } from '../errors';
import type { BranchQuery, Carrier } from './carrier';

const ENDPOINT = 'https://api.novaposhta.ua/v2.0/json/';
/** docs/rules.md#entities: the popular cities, in order, shown before anything is typed. */
const POPULAR = ['Київ', 'Харків', 'Одеса', 'Дніпро', 'Запоріжжя', 'Львів'] as const;
const POPULAR_TTL_MS = 86_400_000;

const envelope = z.object({
  success: z.boolean(),
  data: z.array(z.unknown()),
  errors: z.array(z.string()).default([]),
  info: z.unknown().optional(),
});
const settlement = z.object({
  Present: z.string(),
  MainDescription: z.string(),
  Area: z.string(),
  Region: z.string().default(''),
  SettlementTypeCode: z.string().default('м.'),
  Ref: z.string(),
  DeliveryCity: z.string(),
});
const settlements = z.object({ TotalCount: z.coerce.number(), Addresses: z.array(settlement) });
const warehouse = z.object({
  Ref: z.string(),
  Description: z.string(),
  ShortAddress: z.string(),
  Number: z.coerce.number(),
  CityRef: z.string(),
  CategoryOfWarehouse: z.string().default('Branch'),
  Schedule: z.record(z.string(), z.string()).default({}),
  TotalMaxWeightAllowed: z.coerce.number().default(0),
});
const warehousesInfo = z.object({ totalCount: z.coerce.number() });

function option(a: z.infer<typeof settlement>): CityOption {
  return {
    value: a.Ref,
    label: a.Present,
    city_id: a.DeliveryCity,
    province: a.Area ? `${a.Area} обл.` : '',
    delivery_city_id: a.DeliveryCity,
    meta: { MainDescription: a.MainDescription, Area: a.Area, Region: a.Region, DeliveryCity: a.DeliveryCity },
  };
}

/**
 * The real Nova Poshta JSON API (AddressGeneral.searchSettlements and getWarehouses),
 * used when NOVA_POSHTA_API_KEY is set. It cannot be exercised here (no key, no network in
 * tests); the sandbox carrier answers in the same shapes. A provider failure is a 502.
 */
export function novaPoshtaApi(apiKey: string, fetchImpl: typeof fetch = fetch): Carrier {
  const call = async (calledMethod: string, methodProperties: Record<string, unknown>) => {
    let body: unknown;
    try {
      const res = await fetchImpl(ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey, modelName: 'AddressGeneral', calledMethod, methodProperties }),
        signal: AbortSignal.timeout(8000),
      });
      body = await res.json();
    } catch {
      throw new ApiError(502, 'carrier_unavailable', 'Служба доставки не відповідає. Спробуй пізніше');
    }
    const parsed = envelope.safeParse(body);
    if (!parsed.success || !parsed.data.success) {
      throw new ApiError(502, 'carrier_error', 'Служба доставки повернула помилку. Спробуй пізніше');
    }
    return parsed.data;
  };

  const search = async (query: string, limit: number): Promise<CityOption[]> => {
    const out = await call('searchSettlements', { CityName: query, Limit: String(limit), Page: '1' });
    const first = settlements.safeParse(out.data[0]);
    return first.success ? first.data.Addresses.filter((a) => a.DeliveryCity).map(option) : [];
  };

  let popular: { at: number; cities: CityOption[] } | null = null;

  return {
    async searchCities(query, limit) {
      if (query.trim()) return search(query.trim(), limit);
      if (!popular || Date.now() - popular.at > POPULAR_TTL_MS) {
        const found = await Promise.all(
          POPULAR.map(async (name) => (await search(name, 5)).find((c) => c.meta.MainDescription === name)),
        );
        popular = { at: Date.now(), cities: found.filter((c): c is CityOption => c !== undefined) };
      }
      return popular.cities.slice(0, limit);
    },

    async branches(q: BranchQuery) {
      const props: Record<string, unknown> = {
        CityRef: q.cityId,
        Page: String(Math.floor(q.offset / q.limit) + 1),
        Limit: String(q.limit),
      };
      const text = q.query?.trim();
      if (text && /^\d+$/.test(text)) props.WarehouseId = text;
      else if (text) props.FindByString = text;
      const out = await call('getWarehouses', props);
      const rows = out.data.flatMap((w) => {
        const p = warehouse.safeParse(w);
        return p.success ? [p.data] : [];
      });
      const branches: BranchOption[] = rows
        .map((w) => ({
          value: w.Ref,
          label: w.Description,
          number: w.Number,
          type: w.CategoryOfWarehouse === 'Postomat' ? ('postomat' as const) : ('branch' as const),
          short_address: w.ShortAddress,
          schedule: w.Schedule,
          max_weight_kg: w.TotalMaxWeightAllowed,
          city_id: w.CityRef,
          meta: { number: w.Number },
        }))
        .filter((b) => !q.type || b.type === q.type);
      const info = warehousesInfo.safeParse(out.info);
      return { branches, total: info.success ? info.data.totalCount : branches.length };
    },
  };
}
