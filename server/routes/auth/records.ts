import type { CallResponse } from '../../../src/contract/define';
import type { getUser } from '../../../src/contract/user';
import type { ShopRecord } from '../../../src/contract/user';
import { isAgeVerified } from '../../../src/domain/auth/age';
import type { Db } from '../../db/connect';
import { findCustomer, tagsOf, type Customer } from '../../members';

/** A customers row as docs/rules.md#entities shows it: tags as a list, total_spent in UAH. */
export function shopRecordOf(c: Customer): ShopRecord {
  return {
    id: c.id,
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email,
    phone: c.phone,
    tags: tagsOf(c),
    orders_count: c.orders_count,
    total_spent: c.total_spent / 100,
    note: c.note,
  };
}

export async function metafieldsOf(db: Db, customerId: number) {
  return db
    .selectFrom('metafields')
    .select(['id', 'namespace', 'key', 'value', 'type'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export async function recordWithMetafields(db: Db, c: Customer): Promise<CallResponse<typeof getUser>> {
  return { customer: shopRecordOf(c), metafields: await metafieldsOf(db, c.id) };
}

/**
 * docs/rules.md#validation for a member: verified when the glo record carries the `age_verified` tag or a truthy
 * `age_verified` metafield, or the ogo record carries the tag or verification.age_verified truthy.
 * Members cannot write these metafields themselves (create-metafields refuses them).
 */
export async function memberAgeVerified(db: Db, memberId: number): Promise<boolean> {
  const glo = await findCustomer(db, memberId, 'glo');
  if (glo && isAgeVerified({ tags: tagsOf(glo), metafields: await metafieldsOf(db, glo.id), ogo: false })) return true;
  const ogo = await findCustomer(db, memberId, 'ogo');
  if (!ogo) return false;
  return isAgeVerified({ tags: tagsOf(ogo), metafields: await metafieldsOf(db, ogo.id), ogo: true });
}

/**
 * Adds a server tag to a record with compare-and-set on the stored list, so a concurrent
 * change of other tags is kept. Answers the new list.
 */
export async function addServerTag(db: Db, customerId: number, tag: string): Promise<string[]> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await db.selectFrom('customers').select('tags').where('id', '=', customerId).executeTakeFirstOrThrow();
    const tags = tagsOf(row);
    if (tags.includes(tag)) return tags;
    const next = [...tags, tag];
    const r = await db
      .updateTable('customers')
      .set({ tags: JSON.stringify(next) })
      .where('id', '=', customerId)
      .where('tags', '=', row.tags)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) return next;
  }
  throw new Error(`tags of customer ${customerId} keep changing`);
}
