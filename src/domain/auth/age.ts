/** A metafield as the server returns it (docs/rules.md#entities). */
export interface MetafieldLike {
  namespace: string;
  key: string;
  value: string;
}

const TRUTHY = new Set(['1', 'true', 'yes', 'так']);

/**
 * docs/rules.md#validation: verified when the tags contain `age_verified` or the metafield `age_verified` is
 * truthy; for ogo the metafield must be in the namespace `verification`.
 */
export function isAgeVerified(opts: {
  tags: readonly string[];
  metafields: readonly MetafieldLike[];
  ogo: boolean;
}): boolean {
  if (opts.tags.includes('age_verified')) return true;
  return opts.metafields.some(
    (m) =>
      m.key === 'age_verified' &&
      (!opts.ogo || m.namespace === 'verification') &&
      TRUTHY.has(m.value.trim().toLowerCase()),
  );
}

/** Full years between a YYYY-MM-DD birth date and `today`. */
export function ageOn(birthDate: string, today: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const born = new Date(Date.UTC(y, mo - 1, d));
  if (born.getUTCFullYear() !== y || born.getUTCMonth() !== mo - 1 || born.getUTCDate() !== d) return null;
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() < mo - 1 || (today.getUTCMonth() === mo - 1 && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The club is for adults only. */
export const ADULT_AGE = 18;

export function isAdult(birthDate: string, today: Date): boolean {
  const age = ageOn(birthDate, today);
  return age !== null && age >= ADULT_AGE && age < 120;
}
