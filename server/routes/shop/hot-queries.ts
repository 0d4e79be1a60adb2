import type { ShopVariant } from '../../../src/domain/catalogue';
import type { Member } from '../../context';
import type { Db } from '../../db/connect';
import { balanceChanges, cachedBalance, storeBalance } from '../../db/balance-cache';
import { ensureCustomer } from '../../members';

/** The balance of the member's record of a variant: from memory when this process owns the database (server/db/balance-cache.ts). */
export async function xpBalanceOf(db: Db, member: Member, variant: ShopVariant, now: Date): Promise<number> {
  return cachedBalance(db, member.id, variant) ?? readBalance(db, member, variant, now);
}

async function readBalance(db: Db, member: Member, variant: ShopVariant, now: Date): Promise<number> {
  const changes = balanceChanges(db);
  const found = await db.selectFrom('customers').select('xp_balance').where('member_id', '=', member.id).where('variant', '=', variant).executeTakeFirst();
  if (!found) return (await ensureCustomer(db, member, variant, now)).xp_balance;
  storeBalance(db, member.id, variant, found.xp_balance, changes);
  return found.xp_balance;
}
