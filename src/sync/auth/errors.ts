// The member-facing errors of the online-only member actions, apart from the actions
// themselves: screens import these at first paint, and the actions (with the API layer and its
// schemas) only when the member acts, keeping the route chunks small.
import { ApiCallError } from '../../api/errors';
import { OFFLINE_ONLY_MESSAGE } from '../engine/online-only';

/**
 * Where a forced logout (docs/rules.md#error-reactions) leaves the changes it could not send, for /auth to say so:
 * «3 скани не надіслано». sessionStorage, so it survives the navigation to /auth.
 */
export const LOGOUT_NOTICE_KEY = 'logoutNotice';

/** docs/rules.md#states, docs/rules.md#error-reactions: a sign-in without a customer. */
export const TRY_AGAIN = 'Спробуй ще раз';
export const PHONE_PROBLEM = 'Вкажи український мобільний номер: +380 і 9 цифр';
export const CODE_PROBLEM = 'Введи 6 цифр коду з SMS';

/** Why an online-only member action did not go through; `message` is shown as it is. */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** Seconds until it may be tried again (a resend limit), when the server said. */
    readonly retryAfterS: number | null = null,
    /** The form field at fault, when one is. */
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

const FIELD_OF_CODE: Record<string, string> = {
  phone_registered: 'phone',
  email_taken: 'email',
  underage: 'birth_date',
  invalid_phone: 'phone',
};

/** Turns a failed call into the member-facing error: the server's reason, or "offline". */
export function toAuthError(e: unknown): AuthError {
  if (e instanceof AuthError) return e;
  if (e instanceof ApiCallError) {
    if (e.kind === 'network') return new AuthError(OFFLINE_ONLY_MESSAGE, 'offline');
    const field = FIELD_OF_CODE[e.code] ?? (e.code.startsWith('invalid_') ? e.code.slice('invalid_'.length) : null);
    return new AuthError(e.message, e.code, e.retryAfterMs === null ? null : Math.ceil(e.retryAfterMs / 1000), field);
  }
  return new AuthError(TRY_AGAIN, 'unknown');
}
