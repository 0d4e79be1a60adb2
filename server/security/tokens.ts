import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/connect';
import type { TokenScope } from '../db/tables/core';

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  // The one-shot form: no Hash object per call (well under half of createHash's cost).
  return hash('sha256', text, 'hex');
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

/** The sha256 of a request's bearer token (`Authorization: Bearer …`), or null when there is none. */
export function bearerHash(header: string | undefined): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  return token ? sha256(token) : null;
}

/**
 * Issues a new token of `scope` for a member; only its hash is stored. A service token names the
 * `user` token it was asked with (`parentHash`), so that logging that session out revokes it too.
 */
export async function issueToken(
  db: Db,
  memberId: number,
  scope: TokenScope,
  now: Date,
  parentHash: string | null = null,
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
      parent_hash: scope === 'user' ? null : parentHash,
    })
    .execute();
  return { token, expired_at: expiresAt };
}

const live = (row: { expires_at: string; revoked_at: string | null }, now: Date) =>
  !row.revoked_at && row.expires_at > now.toISOString();

/** The member a live token of `scope` belongs to, or null when unknown, revoked or expired. */
export async function memberForToken(db: Db, token: string, scope: TokenScope, now: Date): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .select(['member_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', sha256(token))
    .where('scope', '=', scope)
    .executeTakeFirst();
  return row && live(row, now) ? row.member_id : null;
}

/** The session row of a token's hash with its member, whatever its state (server/security/session-cache.ts). */
export async function sessionRow(
  db: Db,
  tokenHash: string,
  scope: TokenScope,
): Promise<{ id: number; phone: string; expires_at: string; revoked_at: string | null } | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('members as m', 'm.id', 's.member_id')
    .select(['m.id', 'm.phone', 's.expires_at', 's.revoked_at'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.scope', '=', scope)
    .executeTakeFirst();
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
