import { deliveryApi } from '../../api/groups/delivery';
import type { BranchOption, CityOption } from '../../contract/delivery';
import { branchesDocKey, citiesDocKey } from '../checkout/keys';
import { docPuller } from './doc';
import type { Puller } from './puller';

/** Cities and branches change rarely: a day. */
export const CARRIER_FRESH_FOR = 24 * 3_600_000;

/**
 * The carrier's city search (Nova Poshta searchSettlements shape): with no query, the popular
 * cities in the order of docs/rules.md#entities. Kept per query, so a search made once answers offline.
 */
export function citiesPuller(variant: 'glo' | 'ogo', query: string): Puller<CityOption[]> {
  return docPuller<CityOption[]>({
    key: citiesDocKey(query),
    variant,
    freshFor: CARRIER_FRESH_FOR,
    async fetch({ transport }) {
      const q = query.trim();
      return (await deliveryApi(transport).npSearchCities({ ...(q ? { query: q } : {}), limit: '20' })).cities;
    },
  });
}

/** docs/rules.md#entities npDep: every branch and parcel locker of a city (by number), kept per city. */
export function branchesPuller(variant: 'glo' | 'ogo', cityRef: string): Puller<BranchOption[]> {
  return docPuller<BranchOption[]>({
    key: branchesDocKey(cityRef),
    variant,
    freshFor: CARRIER_FRESH_FOR,
    async fetch({ transport }) {
      const api = deliveryApi(transport);
      const out: BranchOption[] = [];
      // Pages of 100 until the city's total, at most 10 pages.
      for (let page = 0; page < 10; page += 1) {
        const r = await api.npBranches({ city_id: cityRef, limit: '100', offset: String(page * 100) });
        out.push(...r.branches);
        if (out.length >= r.total || r.branches.length === 0) break;
      }
      return out.sort((a, b) => a.number - b.number);
    },
  });
}
