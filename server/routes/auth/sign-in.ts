import type { CallResponse } from '../../../src/contract/define';
import type { confirmSms } from '../../../src/contract/auth';
import type { AppDeps } from '../../context';
import { ensureCustomer, findCustomer, tagsOf } from '../../members';
import { issueToken } from '../../security/tokens';
import { memberAgeVerified, shopRecordOf } from './records';
import { TRY_AGAIN } from './sms-codes';

export type SignInAnswer = CallResponse<typeof confirmSms>;

/** docs/rules.md#states, docs/rules.md#error-reactions: no member for the phone means no token and no customer, only 'Спробуй ще раз'. */
export const NOT_SIGNED_IN: SignInAnswer = { ok: false, message: TRY_AGAIN };

/**
 * Signs a member in: a new user token (a new one at each login; absolute expiry) and what the
 * app needs to start: the glo record as `customer` with `shopify_id`, the ogo record's id,
 * the age-verified flag and the tags.
 */
export async function signIn(deps: AppDeps, member: { id: number; phone: string }): Promise<SignInAnswer> {
  const now = deps.clock.now();
  const glo = await ensureCustomer(deps.db, member, 'glo', now);
  const ogo = await findCustomer(deps.db, member.id, 'ogo');
  const { token, expired_at } = await issueToken(deps.db, member.id, 'user', now);
  return {
    ok: true,
    token,
    expired_at,
    customer: { ...shopRecordOf(glo), shopify_id: glo.id },
    ogo_customer_id: ogo?.id ?? null,
    age_verified: await memberAgeVerified(deps.db, member.id),
    tags: tagsOf(glo),
  };
}

export async function memberByPhone(deps: AppDeps, phone: string) {
  return deps.db.selectFrom('members').select(['id', 'phone']).where('phone', '=', phone).executeTakeFirst();
}
