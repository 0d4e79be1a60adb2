import { randomBytes } from 'node:crypto';
import { normalizeCityText, transliterate } from '../../src/domain/delivery/city-search';
import type { CourierRequest } from '../../src/domain/delivery/methods';

/** Cities the local courier serves (a few big ones). */
export const IPOST_CITIES = ['Київ', 'Львів', 'Одеса', 'Дніпро', 'Харків'] as const;

/** The local courier (ipost). The sandbox serves a few big cities and books every request. */
export interface LocalCourier {
  /** The served city's canonical name, or null; `nameOrRef` is a city name (Ukrainian or Latin) or a known ref. */
  servedCity(nameOrRef: string, refName?: string | null): string | null;
  readonly cities: readonly string[];
  /** Books the courier; returns its reference of the request. */
  book(req: CourierRequest): Promise<{ tracking: string }>;
}

export function sandboxIpost(): LocalCourier {
  const byKey = new Map<string, string>();
  for (const name of IPOST_CITIES) {
    byKey.set(normalizeCityText(name), name);
    byKey.set(transliterate(name), name);
  }
  return {
    cities: IPOST_CITIES,
    servedCity(nameOrRef, refName) {
      const key = normalizeCityText(refName ?? nameOrRef)
        .replace(/,.*$/, '')
        .trim();
      return byKey.get(key) ?? null;
    },
    async book() {
      return { tracking: `IP-${randomBytes(5).toString('hex').toUpperCase()}` };
    },
  };
}
