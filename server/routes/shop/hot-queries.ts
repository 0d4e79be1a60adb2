import type { ShopVariant } from '../../../src/domain/catalogue';
import type { Member } from '../../context';
import type { Db } from '../../db/connect';
import { balanceChanges, cachedBalance, storeBalance } from '../../db/balance-cache';
import { prepared } from '../../db/prepared';
import { ensureCustomer, type Customer } from '../../members';
import type { Selectable } from 'kysely';
import type { ProductsTable } from '../../db/tables/catalogue';

/** A products row as stored. */
export type ProductRow = Selectable<ProductsTable>;

/*
 * The queries of the shop's busiest calls (get-balance, the catalogue lists, create-order),
 * compiled once (server/db/prepared.ts). Each is the plain Kysely query it replaces.
 */

const customerRow = prepared('shop:customer', (db, memberId: number, variant: ShopVariant) =>
  db.selectFrom('customers').selectAll().where('member_id', '=', memberId).where('variant', '=', variant),
);

const balanceRow = prepared('shop:balance', (db, memberId: number, variant: ShopVariant) =>
  db.selectFrom('customers').select('xp_balance').where('member_id', '=', memberId).where('variant', '=', variant),
);

/** The member's record of a variant; made on first use like ensureCustomer, found without recompiling. */
export async function recordOf(db: Db, member: Member, variant: ShopVariant, now: Date): Promise<Customer> {
  const found = (await customerRow(db, member.id, variant)).rows[0];
  return found ?? ensureCustomer(db, member, variant, now);
}

/** The balance of the member's record of a variant: from memory when this process owns the database (server/db/balance-cache.ts). */
export async function xpBalanceOf(db: Db, member: Member, variant: ShopVariant, now: Date): Promise<number> {
  return cachedBalance(db, member.id, variant) ?? readBalance(db, member, variant, now);
}

async function readBalance(db: Db, member: Member, variant: ShopVariant, now: Date): Promise<number> {
  const changes = balanceChanges(db);
  const found = (await balanceRow(db, member.id, variant)).rows[0];
  if (!found) return (await ensureCustomer(db, member, variant, now)).xp_balance;
  storeBalance(db, member.id, variant, found.xp_balance, changes);
  return found.xp_balance;
}

const listed = (bonusOnly: boolean) =>
  prepared(`shop:collection${bonusOnly ? ':bonus' : ''}`, (db, collectionId: number, variant: ShopVariant) => {
    let q = db
      .selectFrom('collection_products as cp')
      .innerJoin('products as p', 'p.id', 'cp.product_id')
      .selectAll('p')
      .where('cp.collection_id', '=', collectionId)
      .where('p.variant', '=', variant);
    if (bonusOnly) q = q.where('p.xp_price', 'is not', null);
    return q.orderBy('cp.sort').orderBy('p.id');
  });
const listedAll = listed(false);
const listedBonus = listed(true);

export async function collectionRows(db: Db, collectionId: number, variant: ShopVariant, bonusOnly: boolean): Promise<ProductRow[]> {
  return (await (bonusOnly ? listedBonus : listedAll)(db, collectionId, variant)).rows;
}

const byVariantIds = new Map<number, ReturnType<typeof byVariantIdsOf>>();
const byVariantIdsOf = (n: number) =>
  prepared(`shop:products-by-variant:${n}`, (db, ids: readonly number[]) => db.selectFrom('products').selectAll().where('variant_id', 'in', ids));

/** Products by variant id; a query per list length (a cart holds at most 50 lines). */
export async function productRowsByVariantIds(db: Db, ids: readonly number[]): Promise<ProductRow[]> {
  let q = byVariantIds.get(ids.length);
  if (!q) byVariantIds.set(ids.length, (q = byVariantIdsOf(ids.length)));
  return (await q(db, ids)).rows;
}
