/** Ukrainian plural forms: one (1, 21...), few (2–4, 22–24...), many (0, 5–20, 25...). */
export type UkForms = readonly [one: string, few: string, many: string];

export function pluralUk(n: number, forms: UkForms): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return forms[0];
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return forms[1];
  return forms[2];
}
