import type { Generated } from 'kysely';

/**
 * Codes printed on packs (docs/rules.md#entities "Scan", docs/rules.md#validation GUID form). A code is claimed once: the one
 * conditional UPDATE that sets `used_at` is what awards its XP, so it cannot pay twice.
 */
export interface ScanCodesTable {
  id: Generated<number>;
  /** The GUID as printed, lower case. */
  code: string;
  /** Which brand's packs carry it: its XP goes to the member's record of that variant. */
  variant: 'glo' | 'ogo';
  /** XP awarded when scanned. */
  xp: number;
  /** Ukrainian product name shown in the scan history. */
  product: string;
  /** Print batch, e.g. 'demo-2026-11'. */
  batch: string;
  created_at: string;
  used_at: string | null;
  /** Customer record (customers.id) that scanned it. */
  used_by: number | null;
  /** 'single' (scan-code) or 'multi' (a photo of several codes). */
  used_via: 'single' | 'multi' | null;
}

/** The store consultant who helped a member (docs/rules.md#entities "Scan": managerAdded, managerId). */
export interface ScanManagersTable {
  id: Generated<number>;
  customer_id: number;
  brand: 'glo' | 'ogo' | 'velo';
  manager: string;
  manager_from: string;
  created_at: string;
  updated_at: string;
}

/** A photo the multiscan call read (the photo itself is not kept): what became of each code in it. */
export interface MultiscanPhotosTable {
  id: Generated<number>;
  /** The member's record of the variant the codes were sent for. */
  customer_id: number;
  found: number;
  awarded: number;
  xp_total: number;
  /** JSON array of the answer's codes: { uuid, format, outcome, xp, byYou?, message }. */
  codes: string;
  created_at: string;
}

/** Settlements of the carrier sandbox, shaped after Nova Poshta's searchSettlements. */
export interface NpCitiesTable {
  id: Generated<number>;
  /** Settlement ref (GUID form). */
  ref: string;
  /** Ref of the city in the carrier's city catalogue, used to ask for its branches (DeliveryCity). */
  delivery_city_ref: string;
  /** 'Київ' */
  name: string;
  /** 'м.', 'смт' */
  settlement_type: string;
  /** Oblast without the word "область": 'Київська' (empty for Kyiv itself). */
  area: string;
  /** District, or ''. */
  region: string;
  /** Normalized name for prefix search, and its Latin spelling. */
  search_uk: string;
  search_lat: string;
  /** 1..6 for the popular cities of docs/rules.md#entities in their order, else null. */
  popular_rank: number | null;
  /** Bigger cities first in search results. */
  population: number;
}

/** Branches and parcel lockers of a city. */
export interface NpBranchesTable {
  id: Generated<number>;
  ref: string;
  city_ref: string;
  number: number;
  type: 'branch' | 'postomat';
  /** 'Відділення №1 (до 30 кг): вул. Хрещатик, 22' */
  description: string;
  /** 'Київ, вул. Хрещатик, 22' */
  short_address: string;
  /** Normalized description and address for the street filter. */
  search_key: string;
  /** JSON: { Monday: '08:00-21:00', ... } */
  schedule: string;
  max_weight_kg: number;
}

/** Addresses sent to the local courier (docs/api.md#delivery ipost/send-address): one per order. */
export interface IpostRequestsTable {
  id: Generated<number>;
  order_id: number;
  member_id: number;
  city: string;
  street: string;
  flat: string;
  delivery_date: string;
  time_from: string;
  time_to: string;
  comment: string;
  /** Courier's reference of the request. */
  tracking: string;
  status: 'scheduled' | 'delivered' | 'cancelled';
  created_at: string;
  updated_at: string;
}

export interface ScanDeliveryTables {
  scan_codes: ScanCodesTable;
  scan_managers: ScanManagersTable;
  multiscan_photos: MultiscanPhotosTable;
  np_cities: NpCitiesTable;
  np_branches: NpBranchesTable;
  ipost_requests: IpostRequestsTable;
}
