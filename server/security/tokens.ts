import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/connect';
import type { TokenScope } from '../db/tables/core';

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A numeric code of `digits` digits from the CSPRNG. */
export function newNumericCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Lifetimes of each token scope, in seconds. */
export const TOKEN_TTL: Record<TokenScope, number> = {
  user: 60 * 60 * 24 * 90,
  ogo: 60 * 60 * 24,
  velo: 60 * 60 * 24,
  cert: 60 * 60,
  feedback: 60 * 60 * 24,
  analytics: 60 * 60 * 24,
  bat: 60 * 60 * 24,
  ipost: 60 * 60 * 24,
};

/** Issues a new token of `scope` for a member; only its hash is stored. */
export async function issueToken(
  db: Db,
  memberId: number,
  scope: TokenScope,
  now: Date,
): Promise<{ token: string; expired_at: string }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + TOKEN_TTL[scope] * 1000).toISOString();
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      member_id: memberId,
      scope,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      revoked_at: null,
    })
    .execute();
  return { token, expired_at: expiresAt };
}

/** The member a live token of `scope` belongs to, or null when unknown, revoked or expired. */
export async function memberForToken(db: Db, token: string, scope: TokenScope, now: Date): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .select(['member_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', sha256(token))
    .where('scope', '=', scope)
    .executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at <= now.toISOString()) return null;
  return row.member_id;
}

export async function revokeToken(db: Db, token: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
