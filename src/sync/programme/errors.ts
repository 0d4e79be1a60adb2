import { ApiCallError, FAILURE_MESSAGES } from '../../api/errors';
import { AuthError } from '../auth/errors';
import { MutationRefusedError, OFFLINE_ONLY_MESSAGE, OfflineError } from '../engine/online-only';

/** Why a programme action did not go through; `message` is shown as it is, beside `field` when one is at fault. */
export class ProgrammeError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly field: string | null = null,
    /** Seconds until it may be tried again (a resend limit or a PIN lock), when the server said. */
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
    this.name = 'ProgrammeError';
  }
}

/** Server codes that belong to one field of a form. */
const FIELD_OF_CODE: Record<string, string> = {
  pin_too_simple: 'pin',
  pin_invalid: 'pin',
  pin_locked: 'pin',
  pin_not_set: 'pin',
  sms_code_invalid: 'sms',
  sms_code_expired: 'sms',
  pin_sms_missing: 'sms',
  photo_not_image: 'photos',
  photo_too_large: 'photos',
  too_many_photos: 'photos',
  invalid_email: 'email',
};

export const SIGNED_OUT = 'Спершу увійди в клуб';

/** Turns any failure of an action into the member-facing error: the server's reason, or "offline". */
export function toProgrammeError(e: unknown): ProgrammeError {
  if (e instanceof ProgrammeError) return e;
  if (e instanceof OfflineError) return new ProgrammeError(OFFLINE_ONLY_MESSAGE, 'offline');
  if (e instanceof MutationRefusedError)
    return new ProgrammeError(e.reason.message, e.reason.code, FIELD_OF_CODE[e.reason.code] ?? null);
  if (e instanceof AuthError) return new ProgrammeError(e.message, e.code, e.field, e.retryAfterS);
  if (e instanceof ApiCallError) {
    if (e.kind === 'network') return new ProgrammeError(OFFLINE_ONLY_MESSAGE, 'offline');
    const retry = e.retryAfterMs === null ? null : Math.ceil(e.retryAfterMs / 1000);
    return new ProgrammeError(e.message || FAILURE_MESSAGES[e.kind], e.code, FIELD_OF_CODE[e.code] ?? null, retry);
  }
  return new ProgrammeError(
    e instanceof Error && e.message ? e.message : 'Щось пішло не так. Спробуй ще раз',
    'unknown',
  );
}

/** Runs an online-only step: refuses at once offline, explains any failure. */
export async function onlineStep<T>(env: { online: { isOnline(): boolean } }, run: () => Promise<T>): Promise<T> {
  if (!env.online.isOnline()) throw new ProgrammeError(OFFLINE_ONLY_MESSAGE, 'offline');
  try {
    return await run();
  } catch (e) {
    throw toProgrammeError(e);
  }
}
