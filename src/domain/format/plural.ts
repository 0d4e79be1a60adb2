/** The three Ukrainian plural forms: one (1, 21…), few (2–4, 22–24…), many (0, 5–20, 25…). */
export type UkForms = readonly [one: string, few: string, many: string];

/** The form for a count, by its absolute value (−1 XP is «бал» as 1 is): 1 скан, 2 скани, 5 сканів, 21 скан. */
export function pluralUk(n: number, forms: UkForms): string {
  const abs = Math.abs(n);
  const tens = abs % 100;
  const ones = abs % 10;
  if (tens >= 11 && tens <= 14) return forms[2];
  if (ones === 1) return forms[0];
  if (ones >= 2 && ones <= 4) return forms[1];
  return forms[2];
}
