import { ADDRESS_LIMITS } from './address-limits';
import { checkIpostWindow, type IpostWindow } from './ipost-window';
import type { DeliveryMethod } from './shipping';

/** The fields of /shop/delivery that can be wrong, each with its own message beside it. */
export type DeliveryField = 'city' | 'branch' | 'street' | 'house' | 'flat' | 'window';
export type DeliveryFieldErrors = Partial<Record<DeliveryField, string>>;

export interface DeliveryForm {
  method: DeliveryMethod;
  city: string;
  /** The carrier's city ref, set only when the city was picked from the search (method 1). */
  cityRef?: string;
  branch?: string;
  street?: string;
  house?: string;
  flat?: string;
  /** Method 3: the courier's day and time window. */
  window?: IpostWindow;
}

const HOUSE = /^\d{1,4}[\p{L}]?(\/\d{1,4}[\p{L}]?)?$/u;
/** The most digits a flat number has: a longer one is refused with its message, never cut. */
export const FLAT_MAX_DIGITS = 5;
const DIGITS = /^\d+$/;
const filled = (v: string | undefined): v is string => typeof v === 'string' && v.trim().length > 0;

export const DELIVERY_FIELD_MESSAGES = {
  city: 'Вкажи місто доставки',
  cityFromList: 'Обери місто зі списку',
  branch: 'Обери відділення зі списку',
  street: 'Вкажи вулицю',
  streetShort: 'Назва вулиці має бути не коротшою за 3 символи',
  streetLong: `Назва вулиці — не більше ${ADDRESS_LIMITS.street} символів`,
  house: 'Вкажи номер будинку',
  houseFormat: 'Номер будинку — цифри, можна з літерою: 12, 12А, 12/1',
  flat: 'Номер квартири — лише цифри',
  flatLong: `Номер квартири — не більше ${FLAT_MAX_DIGITS} цифр`,
  window: 'Обери день і час доставки',
} as const;

/**
 * The field-by-field problems of a delivery choice (docs/rules.md#entities Delivery), Ukrainian, for the
 * messages beside the fields; empty when it can be ordered. `now` dates the courier window.
 */
export function deliveryFieldErrors(f: DeliveryForm, now: Date): DeliveryFieldErrors {
  const e: DeliveryFieldErrors = {};
  if (!filled(f.city)) e.city = DELIVERY_FIELD_MESSAGES.city;
  else if (f.method === 1 && !filled(f.cityRef)) e.city = DELIVERY_FIELD_MESSAGES.cityFromList;
  if (f.method === 1 && !filled(f.branch)) e.branch = DELIVERY_FIELD_MESSAGES.branch;
  if (f.method !== 1) {
    if (!filled(f.street)) e.street = DELIVERY_FIELD_MESSAGES.street;
    else if (f.street.trim().length < 3) e.street = DELIVERY_FIELD_MESSAGES.streetShort;
    else if (f.street.trim().length > ADDRESS_LIMITS.street) e.street = DELIVERY_FIELD_MESSAGES.streetLong;
    if (filled(f.flat)) {
      const flat = f.flat.trim();
      if (!DIGITS.test(flat)) e.flat = DELIVERY_FIELD_MESSAGES.flat;
      else if (flat.length > FLAT_MAX_DIGITS) e.flat = DELIVERY_FIELD_MESSAGES.flatLong;
    }
  }
  if (f.method === 2) {
    if (!filled(f.house)) e.house = DELIVERY_FIELD_MESSAGES.house;
    else if (!HOUSE.test(f.house.trim())) e.house = DELIVERY_FIELD_MESSAGES.houseFormat;
  }
  if (f.method === 3) {
    if (!f.window) e.window = DELIVERY_FIELD_MESSAGES.window;
    else {
      const check = checkIpostWindow(f.window, now);
      if (!check.ok) e.window = check.message;
    }
  }
  return e;
}

/** A carrier branch as the search lists it. */
export interface BranchLike {
  number: number;
  label: string;
  short_address: string;
}

/**
 * Branches matching what the member typed: digits look for the number (№12 before №120),
 * other text for the street; the whole list when nothing is typed.
 */
export function filterBranches<B extends BranchLike>(branches: readonly B[], query: string): B[] {
  const q = query.trim().replace(/^№\s*/, '').toLowerCase();
  if (!q) return [...branches];
  if (/^\d+$/.test(q)) {
    const exact = branches.filter((b) => String(b.number) === q);
    return [...exact, ...branches.filter((b) => String(b.number) !== q && String(b.number).startsWith(q))];
  }
  return branches.filter((b) => b.short_address.toLowerCase().includes(q) || b.label.toLowerCase().includes(q));
}

/** docs/rules.md#entities "npDep, with meta.number": the reason a typed branch number names no branch of the city, or null. */
export function branchQueryProblem(branches: readonly BranchLike[], query: string): string | null {
  const q = query.trim().replace(/^№\s*/, '');
  if (!q || branches.length === 0) return null;
  if (filterBranches(branches, q).length > 0) return null;
  return /^\d+$/.test(q) ? `Відділення №${q} у цьому місті немає` : 'Такого відділення в цьому місті немає';
}
