import type { Transaction } from 'kysely';
import type { Db } from './db/connect';
import type { Database } from './db/schema';
import { unprocessable } from './errors';

type DbOrTrx = Db | Transaction<Database>;

export interface XpChange {
  customerId: number;
  /** Positive to award, negative to spend. */
  amount: number;
  reason: string;
  title: string;
  ref?: string | null;
  now: Date;
}

/**
 * Changes a customer's XP balance (and its totals: earned, spent, lines) and records it in the ledger. A spend is one conditional
 * UPDATE (`balance >= cost`), so two concurrent spends can never take the balance below zero:
 * the loser gets 422 `insufficient_xp` and nothing changes. Call it inside the transaction of
 * the thing being paid for, so that both happen or neither does.
 */
export async function changeXp(db: DbOrTrx, ch: XpChange): Promise<number> {
  if (!Number.isInteger(ch.amount)) throw new Error('XP amounts are whole numbers');
  if (ch.amount === 0) {
    const row = await db
      .selectFrom('customers')
      .select('xp_balance')
      .where('id', '=', ch.customerId)
      .executeTakeFirstOrThrow();
    return row.xp_balance;
  }
  let q = db
    .updateTable('customers')
    .set((eb) => ({
      xp_balance: eb('xp_balance', '+', ch.amount),
      ...(ch.amount > 0
        ? { xp_earned: eb('xp_earned', '+', ch.amount) }
        : { xp_spent: eb('xp_spent', '+', -ch.amount) }),
      xp_lines: eb('xp_lines', '+', 1),
    }))
    .where('id', '=', ch.customerId);
  if (ch.amount < 0) q = q.where('xp_balance', '>=', -ch.amount);
  const updated = await q.returning('xp_balance').executeTakeFirst();
  if (!updated) throw unprocessable('insufficient_xp', 'Недостатньо XP на балансі');
  await db
    .insertInto('xp_ledger')
    .values({
      customer_id: ch.customerId,
      amount: ch.amount,
      balance_after: updated.xp_balance,
      reason: ch.reason,
      title: ch.title,
      ref: ch.ref ?? null,
      created_at: ch.now.toISOString(),
    })
    .execute();
  return updated.xp_balance;
}
