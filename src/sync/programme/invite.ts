// The invite screens' actions (docs/rules.md#screens share, docs/rules.md#entities Invite, docs/api.md#invite invite calls), loaded on first use
// through ./lazy.ts.
export { programmeEnv } from './env';
import { inviteApi } from '../../api/groups/invite';
import type { Variant } from '../../db/rows-catalogue';
import type { AuthEnv } from '../auth/actions';
import { ogoAuthToken, pullContext } from '../auth/member';
import { readDoc, writeDoc } from '../mutations/programme/docs';
import { onlineStep, ProgrammeError, SIGNED_OUT } from './errors';
import { runPuller, type PullResult } from '../pullers/puller';
import {
  INVITE_DOCS,
  inviteFaqPuller,
  inviteRulesPuller,
  promoCodePuller,
  type InviteVelo,
} from '../pullers/programmes-invite';
import { referralsPuller } from '../pullers/session-referrals';
import { readSession } from '../auth/session';
import { uuidV4 } from '../engine/uuid';

/** /invite-friend: the member's code (get-promo-code) and the rules (for what friends bring). */
export async function pullInvite(env: AuthEnv, variant: Variant): Promise<PullResult> {
  const ctx = pullContext(env);
  const code = await runPuller(promoCodePuller, ctx);
  await runPuller(inviteRulesPuller(variant), ctx);
  return code;
}

export function pullInviteFaq(env: AuthEnv, variant: Variant): Promise<PullResult> {
  return runPuller(inviteFaqPuller(variant), pullContext(env));
}

export function pullInviteRules(env: AuthEnv, variant: Variant): Promise<PullResult> {
  return runPuller(inviteRulesPuller(variant), pullContext(env));
}

/** /profile/referral: the friends (get-referrals, forced: the page shows the latest) and the rules. */
export async function pullReferrals(env: AuthEnv, variant: Variant): Promise<PullResult> {
  const ctx = pullContext(env);
  const r = await runPuller(referralsPuller, ctx, true);
  await runPuller(inviteRulesPuller(variant), ctx);
  return r;
}

/**
 * /invite-friend/velo: the member's velo discount code for friends (docs/api.md#invite get-velo-mgm, with
 * the ogo token and one of the member's records), asked once and kept: the server answers the
 * same code on every call. Online the first time only.
 */
export async function ensureVeloInvite(env: AuthEnv, variant: Variant): Promise<InviteVelo> {
  const kept = await readDoc<InviteVelo>(env.db, variant, INVITE_DOCS.velo);
  if (kept) return kept;
  const s = await readSession(env.db);
  const shopifyId = s?.customerIds.ogo ?? s?.customerIds.glo;
  if (!s || !shopifyId) throw new ProgrammeError(SIGNED_OUT, 'signed_out');
  const r = await onlineStep(env, async () => {
    const ogoApiToken = await ogoAuthToken(env);
    return inviteApi(env.transport).getVeloMgm({ shopifyId, ogoApiToken }, { idempotencyKey: uuidV4() });
  });
  const value: InviteVelo = { discount_code: r.discount_code, rev_code: r.rev_code };
  await writeDoc(env.db, variant, INVITE_DOCS.velo, value, env.now());
  return value;
}

/**
 * A friend's REW- code entered in the cart, checked with the server (docs/rules.md#validation: first order only,
 * someone else's real code). Online only: offline it throws `ProgrammeError` with code 'offline'
 * and the cart keeps the code for create-order to check.
 */
export async function checkFriendCode(env: AuthEnv, variant: Variant, code: string): Promise<string> {
  const r = await onlineStep(env, () =>
    inviteApi(env.transport).checkFriendCode({ code, ...(variant === 'glo' ? {} : { ogo: true }) }),
  );
  return r.code;
}
