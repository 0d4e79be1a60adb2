import type { Generated } from 'kysely';
import type { AppDeps } from '../context';
import type { Db } from '../db/connect';
import { tooManyRequests } from '../errors';

/** One look-up made without sign-in (migration 019). */
export interface LookupsTable {
  id: Generated<number>;
  client: string;
  created_at: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const lookupsOf = (db: Db) => db.withTables<{ lookups: LookupsTable }>();

/**
 * the answers that tell whether a phone or an e-mail belongs to a member (login-sms
 * «registered», check-email «free», registration's «already registered») are limited per client
 * address as the SMS sends are (security/sms-budget.ts): LOOKUPS_PER_CLIENT_PER_HOUR and
 * LOOKUPS_PER_CLIENT_PER_DAY, then 429 with Retry-After. Recorded first and counted after, so
 * concurrent look-ups past the limit do not slip through; a refused one is removed. A request
 * with no client (in-process) is not counted.
 */
export async function takeLookup(deps: AppDeps, client: string | null): Promise<void> {
  if (client === null) return;
  const db = lookupsOf(deps.db);
  const now = deps.clock.now().getTime();
  const { id } = await db
    .insertInto('lookups')
    .values({ client, created_at: new Date(now).toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { config } = deps;
  for (const [windowMs, limit, text] of [
    [HOUR_MS, config.LOOKUPS_PER_CLIENT_PER_HOUR, 'Забагато перевірок з цієї мережі. Спробуй пізніше'],
    [DAY_MS, config.LOOKUPS_PER_CLIENT_PER_DAY, 'Забагато перевірок з цієї мережі. Спробуй завтра'],
  ] as const) {
    const since = new Date(now - windowMs).toISOString();
    const rows = await db
      .selectFrom('lookups')
      .select('created_at')
      .where('client', '=', client)
      .where('created_at', '>', since)
      .where('id', '!=', id)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    if (rows.length >= limit) {
      await db.deleteFrom('lookups').where('id', '=', id).execute();
      const oldest = rows[limit - 1]!;
      throw tooManyRequests((Date.parse(oldest.created_at) + windowMs - now) / 1000, text);
    }
  }
  // This client's rows older than the longest window are of no use any more.
  await db
    .deleteFrom('lookups')
    .where('client', '=', client)
    .where('created_at', '<', new Date(now - DAY_MS).toISOString())
    .execute();
}
