/** After «не більше» a number takes the genitive: «1 символу», «21 цифри», else «5 символів», «4 цифр». */
const UNITS = {
  chars: ['символу', 'символів'],
  digits: ['цифри', 'цифр'],
} as const;

function unitWord(n: number, unit: keyof typeof UNITS): string {
  const one = n % 10 === 1 && n % 100 !== 11;
  return UNITS[unit][one ? 0 : 1];
}

/**
 * Why a typed or pasted text does not fit a field of at most `max` characters (or digits), in
 * the member's words with both lengths, or null when it fits. Fields keep what was pasted whole
 * and say this instead of cutting it: a browser's `maxLength` cuts a paste without a word, and a
 * cut flat number or name is a wrong one sent as right.
 * @example lengthProblem('1'.repeat(300), 5, 'Номер квартири', 'digits') // 'Номер квартири: не більше 5 цифр, а введено 300'
 */
export function lengthProblem(
  value: string,
  max: number,
  what: string,
  unit: keyof typeof UNITS = 'chars',
): string | null {
  if (value.length <= max) return null;
  return `${what}: не більше ${max} ${unitWord(max, unit)}, а введено ${value.length}`;
}
