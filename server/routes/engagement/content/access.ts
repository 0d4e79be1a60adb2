import { isAgeVerified } from '../../../../src/domain/auth/age';
import type { Member } from '../../../context';
import type { Db } from '../../../db/connect';
import { findCustomer, tagsOf } from '../../../members';

/**
 * docs/rules.md#validation for the member's record of `variant`: the age_verified tag or a truthy age_verified
 * metafield (in namespace `verification` for ogo). A member without that record is not verified.
 */
export async function isMemberVerified(db: Db, member: Member, variant: 'glo' | 'ogo'): Promise<boolean> {
  const customer = await findCustomer(db, member.id, variant);
  if (!customer) return false;
  const metafields = await db
    .selectFrom('metafields')
    .select(['namespace', 'key', 'value'])
    .where('customer_id', '=', customer.id)
    .where('key', '=', 'age_verified')
    .execute();
  return isAgeVerified({ tags: tagsOf(customer), metafields, ogo: variant === 'ogo' });
}
