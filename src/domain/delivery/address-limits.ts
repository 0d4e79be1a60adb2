/** Longest accepted text of each delivery address field, in characters. */
export const ADDRESS_LIMITS = { city: 80, province: 80, branch: 160, street: 120, house: 12, flat: 12 } as const;

export type AddressField = keyof typeof ADDRESS_LIMITS;

const NAMES: Record<AddressField, string> = {
  city: 'Назва міста',
  province: 'Назва області',
  branch: 'Опис відділення',
  street: 'Назва вулиці',
  house: 'Номер будинку',
  flat: 'Номер квартири',
};

/** Control characters (U+0000–U+001F, U+007F): the server refuses them, and no address has them. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The first field of an address that the server would refuse (too long, or holding control
 * characters), with a Ukrainian message for beside it; null when every field fits.
 */
export function addressFieldProblem(
  a: Partial<Record<AddressField, string | undefined>>,
): { field: AddressField; message: string } | null {
  for (const field of Object.keys(ADDRESS_LIMITS) as AddressField[]) {
    const v = a[field];
    if (typeof v !== 'string') continue;
    if (CONTROL.test(v)) return { field, message: `${NAMES[field]} містить недопустимі символи` };
    if (v.length > ADDRESS_LIMITS[field])
      return { field, message: `${NAMES[field]} задовга: не більше ${ADDRESS_LIMITS[field]} символів` };
  }
  return null;
}
