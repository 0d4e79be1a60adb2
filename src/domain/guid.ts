/** Spec §8: the GUID error messages, verbatim. */
export const GUID_ERRORS = {
  invalid: 'Invalid Guid value! Please specify a valid value!',
  required: 'The parameter value required!',
  unsupported: 'Unsupported value type! Please specify a string value!',
} as const;

/** Spec §5: 8-4-4-4-12 alphanumerics. */
const GUID = /^[0-9a-zA-Z]{8}-[0-9a-zA-Z]{4}-[0-9a-zA-Z]{4}-[0-9a-zA-Z]{4}-[0-9a-zA-Z]{12}$/;

export type GuidCheck = { ok: true; value: string } | { ok: false; error: string };

/** Checks a scanned or typed code: a string in the 8-4-4-4-12 form. */
export function checkGuid(value: unknown): GuidCheck {
  if (value === undefined || value === null || value === '') return { ok: false, error: GUID_ERRORS.required };
  if (typeof value !== 'string') return { ok: false, error: GUID_ERRORS.unsupported };
  const v = value.trim();
  if (!v) return { ok: false, error: GUID_ERRORS.required };
  return GUID.test(v) ? { ok: true, value: v } : { ok: false, error: GUID_ERRORS.invalid };
}
