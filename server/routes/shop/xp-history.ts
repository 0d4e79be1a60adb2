import type { Hono } from 'hono';
import { getBalance, getBonusHistory } from '../../../src/contract/shop-member';
import { queryFlag } from '../../../src/contract/query-params';
import type { AppEnv } from '../../context';
import type { Db } from '../../db/connect';
import { mount } from '../../http/route';
import type { Variant } from '../../db/tables/core';
import { ensureCustomer, findCustomer } from '../../members';

/** The most history lines one answer carries; the summary counts them all. */
const HISTORY_LIMIT = 500;

/**
 * A record's ledger, newest first (the xp_ledger_customer_time index gives that order), found by
 * member and variant so that it need not wait for the record to be read first: on PostgreSQL each
 * query is a round trip with a wait for a pool connection.
 */
export const historyLinesOf = (db: Db, memberId: number, variant: Variant) =>
  db
    .selectFrom('xp_ledger')
    .select(['id', 'amount', 'balance_after', 'reason', 'title', 'created_at'])
    .where('customer_id', '=', (eb) =>
      eb.selectFrom('customers').select('id').where('member_id', '=', memberId).where('variant', '=', variant),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();

/** The record's referral credits still owed (referral-credits.ts), newest first: shown as pending, never in the balance. */
export const pendingLinesOf = (db: Db, memberId: number, variant: Variant) =>
  db
    .selectFrom('referral_credits')
    .select(['id', 'amount', 'title', 'created_at'])
    .where('customer_id', '=', (eb) =>
      eb.selectFrom('customers').select('id').where('member_id', '=', memberId).where('variant', '=', variant),
    )
    .where('state', '=', 'pending')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();

/** get-bonus-history and get-balance (docs/api.md#shop): the ledger and balance of the variant's record. */
export function registerXpHistory(app: Hono<AppEnv>): void {
  mount(app, getBonusHistory, async ({ input, member, deps }) => {
    const variant = input.shop ?? 'glo';
    // The record and its lines side by side; a record made now (first use) has no lines yet.
    const [found, lines, pending] = await Promise.all([
      findCustomer(deps.db, member.id, variant),
      historyLinesOf(deps.db, member.id, variant),
      pendingLinesOf(deps.db, member.id, variant),
    ]);
    const customer = found ?? (await ensureCustomer(deps.db, member, variant, deps.clock.now()));
    // The totals move with the balance (server/xp.ts): no aggregate over the whole ledger.
    return {
      transactions: lines,
      summary: {
        earned: customer.xp_earned,
        spent: customer.xp_spent,
        balance: customer.xp_balance,
        count: customer.xp_lines,
      },
      pending: pending.map((p) => ({ ...p, reason: 'referral' })),
    };
  });

  mount(app, getBalance, async ({ input, member, deps }) => {
    const variant = input.v ?? (queryFlag(input.ogo) ? 'ogo' : 'glo');
    return { balance: (await ensureCustomer(deps.db, member, variant, deps.clock.now())).xp_balance };
  });
}
