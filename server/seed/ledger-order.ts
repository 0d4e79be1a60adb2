import type { Db } from '../db/connect';

/**
 * The demo ledger's running balances in time order. The seed books a member's XP in several
 * passes (scans month by month, then the shop's awards, referrals, devices and orders), each
 * through `changeXp`, so `balance_after` follows the order of booking; a member reads the ledger
 * by date, where each line's balance must be the one before it plus its amount, and the newest
 * line's the balance itself. Run once, after the whole seed.
 */
export async function settleSeededBalances(db: Db): Promise<void> {
  const lines = await db
    .selectFrom('xp_ledger')
    .select(['id', 'customer_id', 'amount', 'balance_after'])
    .orderBy('customer_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const balances = new Map(
    (await db.selectFrom('customers').select(['id', 'xp_balance']).execute()).map((c) => [c.id, c.xp_balance]),
  );
  const sums = new Map<number, number>();
  for (const l of lines) sums.set(l.customer_id, (sums.get(l.customer_id) ?? 0) + l.amount);
  // What a record held before its first line (none in the seed; kept so the newest line ends at the balance).
  const running = new Map([...sums].map(([id, sum]) => [id, (balances.get(id) ?? sum) - sum]));
  await db.transaction().execute(async (trx) => {
    for (const l of lines) {
      const after = running.get(l.customer_id)! + l.amount;
      running.set(l.customer_id, after);
      if (after !== l.balance_after)
        await trx.updateTable('xp_ledger').set({ balance_after: after }).where('id', '=', l.id).execute();
    }
  });
}
