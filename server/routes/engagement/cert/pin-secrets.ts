import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { CertPinsTable } from '../../../db/tables/cert-feedback';
import type { Db } from '../../../db/connect';
import { newToken, sha256 } from '../../../security/tokens';
import { isTooSimplePin } from '../../../../src/domain/programme/cert-rules';

/** Wrong PINs in a row before pin/token locks. */
export const PIN_MAX_ATTEMPTS = 5;
/** How long a locked PIN stays locked, ms. */
export const PIN_LOCK_MS = 15 * 60_000;
/** Wrong SMS codes before the pending PIN is voided. */
export const PIN_SMS_MAX_ATTEMPTS = 5;
/** Lifetime of the SMS code, ms. */
export const PIN_SMS_TTL_MS = 10 * 60_000;
/** Least time between two SMS codes, ms. */
export const PIN_SMS_RESEND_MS = 60_000;
/** Lifetime of the token that reveals certificate codes, ms. */
export const PIN_TOKEN_TTL_MS = 5 * 60_000;

// N=2^14, r=8: the interactive-login cost recommended for scrypt.
const SCRYPT: ScryptOptions = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

function scryptAsync(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$<salt>$<key>` (base64) of a PIN with a fresh 16-byte salt. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(pin, salt);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [kind, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(pin, Buffer.from(salt, 'base64'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The first PINs anyone tries (shared with the app, which refuses them before sending). */
export { isTooSimplePin };

export function smsHash(memberId: number, code: string): string {
  return sha256(`cert-pin-sms:${memberId}:${code}`);
}

export type PinStatus = 'none' | 'pending' | 'active' | 'locked';

export function pinStatusOf(row: Selectable<CertPinsTable> | undefined, now: Date): PinStatus {
  if (!row) return 'none';
  if (row.locked_until && row.locked_until > now.toISOString()) return 'locked';
  if (row.pin_hash) return 'active';
  return row.pending_hash ? 'pending' : 'none';
}

/** A new PIN token for the member; only its hash is stored. */
export async function issuePinToken(
  db: Db,
  memberId: number,
  now: Date,
): Promise<{ token: string; expired_at: string }> {
  const token = newToken();
  const expiredAt = new Date(now.getTime() + PIN_TOKEN_TTL_MS).toISOString();
  await db
    .insertInto('cert_pin_tokens')
    .values({ token_hash: sha256(token), member_id: memberId, created_at: now.toISOString(), expires_at: expiredAt })
    .execute();
  return { token, expired_at: expiredAt };
}

/** True when `token` is a live PIN token of this member. */
export async function isLivePinToken(db: Db, memberId: number, token: string | undefined, now: Date): Promise<boolean> {
  if (!token) return false;
  const row = await db
    .selectFrom('cert_pin_tokens')
    .select(['member_id', 'expires_at'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  return !!row && row.member_id === memberId && row.expires_at > now.toISOString();
}
