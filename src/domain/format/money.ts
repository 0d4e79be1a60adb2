import { formatNumber } from './uk-format';
/**
 * Money rules (docs/rules.md#constants: currency UAH). Amounts are added up in kopiykas (whole numbers) so
 * that sums and discounts never drift by a fraction; the contract and screens speak UAH.
 */
export const CURRENCY = 'UAH';

/** UAH (e.g. 149.9) to kopiykas (14990), rounded to the nearest kopiyka. */
export function toKop(uah: number): number {
  return Math.round(uah * 100);
}

/** Kopiykas (14990) to UAH (149.9). */
export function toUah(kop: number): number {
  return Math.round(kop) / 100;
}

/** A kopiyka amount less `percent` %, rounded to the kopiyka (docs/rules.md#constants: velo is price × 0.8). */
export function percentOff(kop: number, percent: number): number {
  return Math.round((kop * (100 - percent)) / 100);
}

/** Shopify's string form of an amount in UAH: 149.9 -> "149.90". */
export function moneyString(uah: number): string {
  return toUah(toKop(uah)).toFixed(2);
}

/** 1234.5 -> "1 234,5 грн" (Ukrainian grouping and decimal comma). */
export function formatUah(uah: number): string {
  return `${formatNumber(uah, 2)} грн`;
}

/** The club's points (docs/rules.md#product): 1200 -> "1 200 XP". The unit has no translation. */
export function formatXp(xp: number): string {
  return `${formatNumber(xp)} XP`;
}
