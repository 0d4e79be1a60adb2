import type { Selectable } from 'kysely';
import type { BranchOption, CityOption } from '../../src/contract/delivery';
import { likePrefix, normalizeCityText } from '../../src/domain/delivery/city-search';
import type { Db } from '../db/connect';
import type { NpBranchesTable, NpCitiesTable } from '../db/tables/scan-delivery';
import type { Carrier } from './carrier';
import { novaPoshtaApi } from './nova-poshta-api';

export type { BranchQuery, Carrier } from './carrier';

export function cityOptionOf(
  c: Pick<Selectable<NpCitiesTable>, 'ref' | 'delivery_city_ref' | 'name' | 'settlement_type' | 'area' | 'region'>,
): CityOption {
  const province = c.area ? `${c.area} обл.` : '';
  return {
    value: c.ref,
    label: [`${c.settlement_type} ${c.name}`, c.region ? `${c.region} р-н` : '', province].filter(Boolean).join(', '),
    city_id: c.delivery_city_ref,
    province,
    delivery_city_id: c.delivery_city_ref,
    meta: { MainDescription: c.name, Area: c.area, Region: c.region, DeliveryCity: c.delivery_city_ref },
  };
}

function branchOf(b: Selectable<NpBranchesTable>): BranchOption {
  let schedule: Record<string, string> = {};
  try {
    schedule = JSON.parse(b.schedule) as Record<string, string>;
  } catch {
    // A broken schedule shows as none rather than failing the list.
  }
  return {
    value: b.ref,
    label: b.description,
    number: b.number,
    type: b.type,
    short_address: b.short_address,
    schedule,
    max_weight_kg: b.max_weight_kg,
    city_id: b.city_ref,
    meta: { number: b.number },
  };
}

/** The carrier sandbox: cities and branches seeded into np_cities / np_branches. */
export function sandboxCarrier(db: Db): Carrier {
  return {
    async searchCities(query, limit) {
      const q = normalizeCityText(query);
      let sel = db.selectFrom('np_cities').selectAll();
      if (!q) {
        sel = sel.where('popular_rank', 'is not', null).orderBy('popular_rank');
      } else {
        const pattern = likePrefix(q);
        if (pattern === '%') return [];
        sel = sel
          .where((eb) => eb.or([eb('search_uk', 'like', pattern), eb('search_lat', 'like', pattern)]))
          .orderBy('population', 'desc')
          .orderBy('name');
      }
      const rows = await sel.limit(limit).execute();
      return rows.map(cityOptionOf);
    },

    async branches({ cityId, query, type, limit, offset }) {
      const city = await db
        .selectFrom('np_cities')
        .select('delivery_city_ref')
        .where('delivery_city_ref', '=', cityId)
        .executeTakeFirst();
      if (!city) return null;
      const q = normalizeCityText(query ?? '');
      // No branch number is that long; such a query matches nothing (and must not overflow the column type).
      if (/^\d{7,}$/.test(q)) return { branches: [], total: 0 };
      let sel = db.selectFrom('np_branches').where('city_ref', '=', cityId);
      if (type) sel = sel.where('type', '=', type);
      if (/^\d+$/.test(q)) {
        // Number prefix: "1" finds 1, 10-19, 100-199.
        const n = Number(q);
        sel = sel.where((eb) =>
          eb.or(Array.from({ length: 4 }, (_, k) => eb.between('number', n * 10 ** k, (n + 1) * 10 ** k - 1))),
        );
      } else if (q) {
        sel = sel.where('search_key', 'like', `%${likePrefix(q)}`);
      }
      const [{ total } = { total: 0 }] = await sel.select((eb) => eb.fn.countAll<number>().as('total')).execute();
      const rows = await sel.selectAll().orderBy('number').limit(limit).offset(offset).execute();
      return { branches: rows.map(branchOf), total: Number(total) };
    },
  };
}

/** The real API when NOVA_POSHTA_API_KEY is set, the sandbox otherwise. */
export function carrierFor(db: Db, apiKey: string | undefined): Carrier {
  return apiKey ? novaPoshtaApi(apiKey) : sandboxCarrier(db);
}
