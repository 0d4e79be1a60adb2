import type { Hono } from 'hono';
import { getBalance, getBonusHistory } from '../../../src/contract/shop-member';
import { queryFlag } from '../../../src/contract/query-params';
import type { AppEnv } from '../../context';
import { prepared } from '../../db/prepared';
import { mount } from '../../http/route';
import { ensureCustomer } from '../../members';
import { xpBalanceOf } from './hot-queries';

/** The most history lines one answer carries; the summary counts them all. */
const HISTORY_LIMIT = 500;

/** A record's ledger, newest first (the xp_ledger_customer_time index gives that order). */
export const historyLines = prepared('xp-history:lines', (db, customerId: number) =>
  db
    .selectFrom('xp_ledger')
    .select(['id', 'amount', 'balance_after', 'reason', 'title', 'created_at'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT),
);

/** get-bonus-history and get-balance (spec §7): the ledger and balance of the variant's record. */
export function registerXpHistory(app: Hono<AppEnv>): void {
  mount(app, getBonusHistory, async ({ input, member, deps }) => {
    const customer = await ensureCustomer(deps.db, member, input.shop ?? 'glo', deps.clock.now());
    const lines = await historyLines(deps.db, customer.id);
    // The totals move with the balance (server/xp.ts): no aggregate over the whole ledger.
    return {
      transactions: lines.rows,
      summary: { earned: Number(customer.xp_earned), spent: Number(customer.xp_spent), balance: customer.xp_balance, count: Number(customer.xp_lines) },
    };
  });

  // No promise when the balance is in memory (server/db/balance-cache.ts).
  mount(app, getBalance, ({ input, member, deps }) => {
    const variant = input.v ?? (queryFlag(input.ogo) ? 'ogo' : 'glo');
    const balance = xpBalanceOf(deps.db, member, variant, deps.clock.now());
    return balance instanceof Promise ? balance.then((b) => ({ balance: b })) : { balance };
  });
}
