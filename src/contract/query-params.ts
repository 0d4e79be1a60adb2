import * as z from 'zod/mini';

/*
 * Query-string fields of GET calls: everything arrives as a string, so the schemas check the
 * text and the handler converts it (queryFlag, queryInt).
 */

/** The `{product}` flag of a GET call: `ogo=true` (also 1/0/false). */
export const ogoQuery = z.optional(z.enum(['true', 'false', '1', '0']));

/** A positive whole number in a query string, at most 9 digits. */
export const intQuery = z.string().check(z.regex(/^[1-9]\d{0,8}$/));

/** `ogo=true|1` → true; anything else → false. */
export function queryFlag(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}

/** A validated {@link intQuery} value as a number, or `fallback` when absent. */
export function queryInt(value: string | undefined, fallback: number): number {
  return value === undefined ? fallback : Number(value);
}
