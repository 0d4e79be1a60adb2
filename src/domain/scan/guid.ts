/** docs/rules.md#error-reactions: the GUID error messages, verbatim. */
export const GUID_ERRORS = {
  invalid: 'Invalid Guid value! Please specify a valid value!',
  required: 'The parameter value required!',
  unsupported: 'Unsupported value type! Please specify a string value!',
} as const;

/**
 * The GUID messages (docs/rules.md#error-reactions) as the member reads them (the API answers them verbatim, in English):
 * what is wrong and what a club code looks like.
 */
export const GUID_MESSAGES_UK: Readonly<Record<string, string>> = {
  [GUID_ERRORS.invalid]:
    'Код клубу — 32 латинські літери й цифри, розділені дефісами: 8-4-4-4-12. Перевір, чи правильно він зчитався.',
  [GUID_ERRORS.required]: 'Введи код з упаковки.',
  [GUID_ERRORS.unsupported]: 'Код клубу — це текст із літер і цифр у формі 8-4-4-4-12.',
};

/** The Ukrainian words for a GUID message (docs/rules.md#error-reactions); null for any other text. */
export function guidReason(message: string): string | null {
  return GUID_MESSAGES_UK[message.trim()] ?? null;
}

/** docs/rules.md#validation: 8-4-4-4-12 alphanumerics. */
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
