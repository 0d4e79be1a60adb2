import type { Member } from '../context';
import type { Db } from '../db/connect';
import { sessionRow, sha256 } from './tokens';

/*
 * The bearer check of member calls, with a cache that never outlives a revocation.
 *
 * A live `user` session is kept in memory under its token together with the `sessions` revision
 * (server/db/revisions.ts) current when it was read from the database. The database bumps that
 * revision in the same transaction as any update or delete of a session (logout, token-clear,
 * "sign out everywhere", an operator's SQL), a member's phone change or a member's deletion, on
 * whichever instance it happens. Each request first takes the current revision (from the
 * `revisions` table, or from this process's own count when it is the database's only user), and
 * an entry is used only while it is still current; so a revoked token fails on the very next
 * request everywhere, with no time-to-live involved. Expiry is checked against the clock on every
 * request. Unknown, revoked and expired tokens are never cached: random tokens cannot fill it.
 *
 * The key is the token as sent, not its hash: a hit then costs one Map lookup and no digest (the
 * sha256 was the largest single cost of a cached check under load). Only the database must never
 * hold a usable token; this process holds each one anyway while it serves the request that carries it.
 */

interface Entry {
  member: Member;
  expiresAt: number;
  revision: number;
}

/** Enough for every member active at once on one instance; when full, it starts over. */
const MAX_ENTRIES = 50_000;

const byDb = new WeakMap<Db, Map<string, Entry>>();

function entriesOf(db: Db): Map<string, Entry> {
  let entries = byDb.get(db);
  if (!entries) byDb.set(db, (entries = new Map()));
  return entries;
}

/**
 * The member of a live `user` token, or null when unknown, revoked or expired; `revision` is the
 * current `sessions` revision.
 */
export async function memberOfBearer(db: Db, token: string, nowMs: number, revision: number): Promise<Member | null> {
  if (!token || token.length > 200) return null;
  const hit = entriesOf(db).get(token);
  if (hit && hit.revision === revision) return hit.expiresAt > nowMs ? hit.member : null;
  return readSession(db, token, nowMs, revision);
}

async function readSession(db: Db, token: string, nowMs: number, revision: number): Promise<Member | null> {
  const entries = entriesOf(db);
  const row = await sessionRow(db, sha256(token), 'user');
  if (!row || row.revoked_at) {
    entries.delete(token);
    return null;
  }
  const member: Member = { id: row.id, phone: row.phone };
  const expiresAt = Date.parse(row.expires_at);
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(token, { member, expiresAt, revision });
  return expiresAt > nowMs ? member : null;
}
