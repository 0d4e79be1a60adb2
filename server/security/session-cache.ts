import type { Member } from '../context';
import type { Db } from '../db/connect';
import { sessionRow, sha256 } from './tokens';

/*
 * The bearer check of member calls, with a cache that never outlives a revocation.
 *
 * A live `user` session is kept in memory under its token's hash together with the `sessions`
 * revision (server/db/revisions.ts) current when it was read from the database. The database
 * bumps that revision in the same transaction as any update or delete of a session (logout,
 * token-clear, "sign out everywhere", an operator's SQL), a member's phone change or a member's
 * deletion, on whichever instance it happens. Each request first takes the current revision (from
 * the `revisions` table, or from this process's own count when it is the database's only user),
 * and an entry is used only while it is still current; so a revoked token fails on the very next
 * request everywhere, with no time-to-live involved. Expiry is checked against the clock on every
 * request. Unknown, revoked and expired tokens are never cached: random tokens cannot fill it.
 */

interface Entry {
  member: Member;
  expiresAt: number;
  revision: number;
}

/** Enough for every member active at once on one instance; when full, it starts over. */
const MAX_ENTRIES = 50_000;

const byDb = new WeakMap<Db, Map<string, Entry>>();

/** The member of a live `user` token, or null when unknown, revoked or expired; `revision` is the current `sessions` revision. */
export async function memberOfBearer(db: Db, token: string, now: Date, revision: number): Promise<Member | null> {
  if (!token || token.length > 200) return null;
  const hash = sha256(token);
  let entries = byDb.get(db);
  if (!entries) byDb.set(db, (entries = new Map()));
  const hit = entries.get(hash);
  if (hit && hit.revision === revision) return hit.expiresAt > now.getTime() ? hit.member : null;
  const row = await sessionRow(db, hash, 'user');
  if (!row || row.revoked_at) {
    entries.delete(hash);
    return null;
  }
  const member: Member = { id: row.id, phone: row.phone };
  const expiresAt = Date.parse(row.expires_at);
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(hash, { member, expiresAt, revision });
  return expiresAt > now.getTime() ? member : null;
}
