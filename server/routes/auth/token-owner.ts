import type { AppDeps, Member } from '../../context';
import type { TokenScope } from '../../db/tables/core';
import { forbidden, unauthorized } from '../../errors';
import { memberForToken } from '../../security/tokens';

/**
 * A store token sent in a body (ogoAuthApiToken, the velo token) must be a live token of the
 * caller: 401 when unknown, revoked or expired (the app fetches a new one), 403 when it is
 * another member's.
 */
export async function requireOwnToken(deps: AppDeps, member: Member, token: string, scope: TokenScope): Promise<void> {
  const owner = await memberForToken(deps.db, token, scope, deps.clock.now());
  if (owner === null) throw unauthorized('Токен магазину недійсний. Спробуй ще раз', `${scope}_unauthenticated`);
  if (owner !== member.id) throw forbidden('Це не твій токен', 'not_owner');
}
