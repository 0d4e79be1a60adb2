import type { AppDeps, Member } from '../../../context';
import { ApiError } from '../../../errors';
import { memberForToken } from '../../../security/tokens';

/**
 * docs/rules.md#error-reactions: a certificate token that is dead, unknown or another member's answers 401 with
 * code `cert_unauthenticated`; the app clears its certificate token and fetches a new one.
 * (A missing bearer is `UNAUTHORIZED_IN_APP`, handled by the route helper.)
 */
export async function requireCertToken(deps: AppDeps, member: Member, token: string): Promise<void> {
  const owner = await memberForToken(deps.db, token, 'cert', deps.clock.now());
  if (owner !== member.id) {
    throw new ApiError(401, 'cert_unauthenticated', 'Сесія сертифікатів завершилась. Спробуй ще раз');
  }
}

/** A 429 with `code` that tells the app to wait until `until` (ms) through Retry-After (RFC 9110 §10.2.3). */
export function waitError(code: string, until: number, now: Date, message: string): ApiError {
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  return new ApiError(429, code, message, { 'Retry-After': String(seconds) });
}
