import { analyticsApi } from '../../api/groups/analytics';
import { certApi } from '../../api/groups/cert';
import { feedbackApi } from '../../api/groups/feedback';
import { ApiCallError } from '../../api/errors';
import type { Transport } from '../../api/transport';
import { hourlyDate } from '../../domain/programme/cert-rules';
import type { ClubDb } from '../../db/database';
import { kvGet, kvSet, type ExpiringToken } from '../../db/kv';

/** A cached token is renewed this long before the server's expiry, so it never dies in flight. */
export const TOKEN_EXPIRY_MARGIN_MS = 60_000;

type TokenKey = 'batToken' | 'feedbackToken' | 'certToken';

/**
 * A token of a call group, "other tokens until their server expiry" (docs/rules.md#constants): the stored one
 * while it lives, else a new one from `fetchToken`, stored. `memo` spares the read for the other
 * entries of a replay pass. Throws the transport's error when offline. A reaction (docs/rules.md#error-reactions) deletes the
 * stored token when the server says it died, so the next call fetches a fresh one.
 */
export async function cachedToken(
  db: ClubDb,
  key: TokenKey,
  fetchToken: () => Promise<{ token: string; expired_at: string }>,
  now: number,
  memo?: Map<string, unknown>,
): Promise<string> {
  const cached = (memo?.get(key) as ExpiringToken | undefined) ?? (await kvGet(db, key));
  if (cached && Date.parse(cached.expiresAt) - TOKEN_EXPIRY_MARGIN_MS > now) {
    memo?.set(key, cached);
    return cached.token;
  }
  const fresh = await fetchToken();
  const token: ExpiringToken = { token: fresh.token, expiresAt: fresh.expired_at };
  await kvSet(db, key, token, now);
  memo?.set(key, token);
  return fresh.token;
}

/** The analytics token (docs/api.md#analytics get-bat-token: "cached until expiry"). */
export function analyticsToken(
  db: ClubDb,
  transport: Transport,
  now: number,
  memo?: Map<string, unknown>,
): Promise<string> {
  return cachedToken(db, 'batToken', () => analyticsApi(transport).getBatToken({}), now, memo);
}

/** The feedback token (docs/api.md#feedback feedback/get-auth). */
export function feedbackToken(
  db: ClubDb,
  transport: Transport,
  now: number,
  memo?: Map<string, unknown>,
): Promise<string> {
  return cachedToken(db, 'feedbackToken', () => feedbackApi(transport).getAuth({}), now, memo);
}

export { hourlyDate };

/** The certificate token (docs/api.md#certificates cert/get-auth, asked with the current hour). */
export function certificateToken(
  db: ClubDb,
  transport: Transport,
  now: number,
  memo?: Map<string, unknown>,
): Promise<string> {
  return cachedToken(
    db,
    'certToken',
    () => certApi(transport).getAuth({ date: hourlyDate(now), hourly: true }),
    now,
    memo,
  );
}

/** The code (docs/rules.md#error-reactions) of a dead certificate token (the transport's reaction has already cleared it). */
export const CERT_TOKEN_DEAD = 'cert_unauthenticated';
/** The code (docs/rules.md#error-reactions) of a dead feedback token. */
export const FEEDBACK_TOKEN_DEAD = 'feedback_unauthenticated';

/**
 * Runs a certificate call with the stored token; when the server says the token died (docs/rules.md#error-reactions
 * `cert_unauthenticated`, which clears it), asks for a new one and runs the call once more.
 */
export async function withCertToken<T>(
  db: ClubDb,
  transport: Transport,
  now: () => number,
  run: (token: string) => Promise<T>,
): Promise<T> {
  try {
    return await run(await certificateToken(db, transport, now()));
  } catch (e) {
    if (!(e instanceof ApiCallError) || e.code !== CERT_TOKEN_DEAD) throw e;
    return run(await certificateToken(db, transport, now()));
  }
}
