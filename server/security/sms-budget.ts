import type { Generated } from 'kysely';
import type { AppDeps } from '../context';
import type { Db } from '../db/connect';
import { ApiError, tooManyRequests } from '../errors';

/** One SMS code sent (migration 011): what the per-client and global limits count. */
export interface SmsSendsTable {
  id: Generated<number>;
  /** The client key (security/client-address.ts), or null for a request with no client. */
  client: string | null;
  created_at: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const sendsOf = (db: Db) => db.withTables<{ sms_sends: SmsSendsTable }>();

/** Refusals since this process started, per database (the dev view shows them). */
const refusals = new WeakMap<Db, { client: number; global: number }>();

function refusedCount(db: Db): { client: number; global: number } {
  let r = refusals.get(db);
  if (!r) refusals.set(db, (r = { client: 0, global: 0 }));
  return r;
}

/**
 * Takes one SMS from the budgets, or refuses with 429 and Retry-After: at most
 * SMS_PER_CLIENT_PER_HOUR and SMS_PER_CLIENT_PER_DAY per client address, and SMS_PER_HOUR in
 * all. The limits of one phone (sms-codes.ts) do nothing against many random numbers from one
 * client, nor against many clients; these do. As there, the send is recorded first and counted
 * after: of concurrent sends past a limit none slips through; a refused one is removed.
 * Returns a function that gives the SMS back (the send failed after all).
 */
export async function takeSms(deps: AppDeps, client: string | null): Promise<() => Promise<void>> {
  const db = sendsOf(deps.db);
  const { config } = deps;
  const now = deps.clock.now().getTime();
  const hourAgo = new Date(now - HOUR_MS).toISOString();
  const { id } = await db
    .insertInto('sms_sends')
    .values({ client, created_at: new Date(now).toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const giveBack = async () => {
    await db.deleteFrom('sms_sends').where('id', '=', id).execute();
  };
  const refuse = async (err: ApiError, kind: 'client' | 'global') => {
    await giveBack();
    refusedCount(deps.db)[kind] += 1;
    deps.metrics?.smsRefused.inc({ limit: kind });
    throw err;
  };
  /** Seconds until the sends before this one inside `windowMs` are at most `limit - 1`. */
  const waitFor = async (windowMs: number, limit: number, byClient: boolean) => {
    let q = db
      .selectFrom('sms_sends')
      .select('created_at')
      .where('id', '!=', id)
      .where('created_at', '>', new Date(now - windowMs).toISOString());
    if (byClient) q = q.where('client', '=', client);
    const row = await q
      .orderBy('created_at', 'desc')
      .offset(limit - 1)
      .limit(1)
      .executeTakeFirst();
    return row ? (Date.parse(row.created_at) + windowMs - now) / 1000 : 1;
  };
  const count = async (windowMs: number, byClient: boolean) => {
    let q = db
      .selectFrom('sms_sends')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('created_at', '>', new Date(now - windowMs).toISOString());
    if (byClient) q = q.where('client', '=', client);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  if (client !== null) {
    if ((await count(HOUR_MS, true)) > config.SMS_PER_CLIENT_PER_HOUR) {
      await refuse(
        tooManyRequests(
          await waitFor(HOUR_MS, config.SMS_PER_CLIENT_PER_HOUR, true),
          'Забагато запитів SMS з цієї мережі. Спробуй пізніше',
        ),
        'client',
      );
    }
    if ((await count(DAY_MS, true)) > config.SMS_PER_CLIENT_PER_DAY) {
      await refuse(
        tooManyRequests(
          await waitFor(DAY_MS, config.SMS_PER_CLIENT_PER_DAY, true),
          'Забагато запитів SMS з цієї мережі. Спробуй завтра',
        ),
        'client',
      );
    }
  }
  const all = await db
    .selectFrom('sms_sends')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('created_at', '>', hourAgo)
    .executeTakeFirstOrThrow();
  if (Number(all.n) > config.SMS_PER_HOUR) {
    await refuse(
      tooManyRequests(
        await waitFor(HOUR_MS, config.SMS_PER_HOUR, false),
        'Надсилання SMS тимчасово призупинено. Спробуй пізніше',
      ),
      'global',
    );
  }
  return giveBack;
}

/** What the SMS sandbox's dev view shows of the budgets. */
export interface SmsBudgetView {
  lastHour: { sent: number; budget: number };
  perClient: { perHour: number; perDay: number; busiest: Array<{ client: string; lastHour: number }> };
  refusedSinceStart: { client: number; global: number };
}

/** SMS codes sent in the last hour, by every process on this database: what SMS_PER_HOUR limits (the metrics read it). */
export async function smsSentLastHour(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const hourAgo = new Date(deps.clock.now().getTime() - HOUR_MS).toISOString();
  const all = await sendsOf(deps.db)
    .selectFrom('sms_sends')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('created_at', '>', hourAgo)
    .executeTakeFirstOrThrow();
  return Number(all.n);
}

export async function smsBudgetView(deps: AppDeps): Promise<SmsBudgetView> {
  const db = sendsOf(deps.db);
  const hourAgo = new Date(deps.clock.now().getTime() - HOUR_MS).toISOString();
  const busiest = await db
    .selectFrom('sms_sends')
    .select((eb) => ['client', eb.fn.countAll<number | string>().as('n')])
    .where('created_at', '>', hourAgo)
    .where('client', 'is not', null)
    .groupBy('client')
    .orderBy('n', 'desc')
    .limit(10)
    .execute();
  const { config } = deps;
  return {
    lastHour: { sent: await smsSentLastHour(deps), budget: config.SMS_PER_HOUR },
    perClient: {
      perHour: config.SMS_PER_CLIENT_PER_HOUR,
      perDay: config.SMS_PER_CLIENT_PER_DAY,
      busiest: busiest.map((r) => ({ client: r.client ?? '', lastHour: Number(r.n) })),
    },
    refusedSinceStart: { ...refusedCount(deps.db) },
  };
}

/** Deletes sends older than the longest window (a day). */
export async function purgeSmsSends(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - DAY_MS).toISOString();
  const r = await sendsOf(deps.db).deleteFrom('sms_sends').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}
