/** docs/rules.md#validation: phones are stripped to digits (also in test login). */
export function normalizePhone(input: string): string {
  return input.replace(/\D/g, '');
}

/** A Ukrainian mobile number in full international form: 380 and nine digits. */
export function isUkrainianMobile(digits: string): boolean {
  return /^380\d{9}$/.test(digits);
}

/**
 * Brings what a person typed to the 380XXXXXXXXX form: "0501234567", "+38 (050) 123-45-67"
 * and "380501234567" all give "380501234567". Returns null when it cannot be a Ukrainian mobile.
 */
export function toUkrainianMobile(input: string): string | null {
  let d = normalizePhone(input);
  if (d.length === 10 && d.startsWith('0')) d = `38${d}`;
  else if (d.length === 9) d = `380${d}`;
  return isUkrainianMobile(d) ? d : null;
}

/** 380501234567 -> "+380 50 123 45 67". */
export function formatPhone(digits: string): string {
  const m = /^(380)(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  return m ? `+${m[1]} ${m[2]} ${m[3]} ${m[4]} ${m[5]}` : digits;
}
