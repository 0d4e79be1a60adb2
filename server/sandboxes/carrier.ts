import type { BranchOption, CityOption } from '../../src/contract/delivery';

export interface BranchQuery {
  cityId: string;
  /** Digits: number prefix; other text: part of the street or description. */
  query?: string;
  type?: 'branch' | 'postomat';
  limit: number;
  offset: number;
}

/** The carrier (Nova Poshta-shaped). The sandbox (nova-poshta.ts) is the default; a real key selects the API. */
export interface Carrier {
  /** Popular cities (docs/rules.md#entities) in their order when the query is empty, else a prefix search. */
  searchCities(query: string, limit: number): Promise<CityOption[]>;
  /** null when the city is unknown. */
  branches(q: BranchQuery): Promise<{ branches: BranchOption[]; total: number } | null>;
}
