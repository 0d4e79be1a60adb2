import type { Selectable } from 'kysely';
import type { Db } from './db/connect';
import type { CustomersTable, Variant } from './db/tables/core';
import type { Member } from './context';
import { forbidden, notFound } from './errors';

export type Customer = Selectable<CustomersTable>;

/** The `{product}` flag of a call (docs/rules.md#roles) to the variant it concerns. */
export function variantOf(ogo: boolean | undefined | null): 'glo' | 'ogo' {
  return ogo ? 'ogo' : 'glo';
}

export function tagsOf(c: Pick<Customer, 'tags'>): string[] {
  try {
    const v: unknown = JSON.parse(c.tags);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export async function findCustomer(db: Db, memberId: number, variant: Variant): Promise<Customer | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('variant', '=', variant)
    .executeTakeFirst();
}

/**
 * The member's shop record of a variant, created from the member's profile on first use:
 * each variant has its own account (docs/rules.md#product), so a member who first opens ogo gets one then.
 */
export async function ensureCustomer(db: Db, member: Member, variant: Variant, now: Date): Promise<Customer> {
  const found = await findCustomer(db, member.id, variant);
  if (found) return found;
  const m = await db.selectFrom('members').selectAll().where('id', '=', member.id).executeTakeFirstOrThrow();
  const tags = variant === 'velo' ? ['pwa_user_velo'] : ['pwa_user'];
  await db
    .insertInto('customers')
    .values({
      member_id: m.id,
      variant,
      first_name: m.first_name,
      last_name: m.last_name,
      email: m.email,
      phone: m.phone,
      tags: JSON.stringify(tags),
      note: '',
      orders_count: 0,
      total_spent: 0,
      xp_balance: 0,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['member_id', 'variant']).doNothing())
    .execute();
  const created = await findCustomer(db, member.id, variant);
  if (!created) throw new Error('customer not created');
  return created;
}

/**
 * A customer id named in a request must belong to the signed-in member: 404 when there is no
 * such record, 403 when it is someone else's.
 */
export async function ownedCustomer(db: Db, member: Member, customerId: number): Promise<Customer> {
  // Ids are 32-bit keys: a bigger number names no record (and PostgreSQL would refuse the query).
  if (!Number.isSafeInteger(customerId) || customerId < 1 || customerId > 2_147_483_647) {
    throw notFound('Клієнта не знайдено', 'customer_not_found');
  }
  const c = await db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
  if (!c) throw notFound('Клієнта не знайдено', 'customer_not_found');
  if (c.member_id !== member.id) throw forbidden('Це не твій обліковий запис', 'not_owner');
  return c;
}
