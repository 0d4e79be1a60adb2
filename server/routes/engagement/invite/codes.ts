import { randomInt } from 'node:crypto';
import type { Hono } from 'hono';
import {
  checkFriendCode,
  getInviteFaq,
  getInviteRules,
  getPromoCode,
  getVeloMgm,
} from '../../../../src/contract/invite';
import { INVITE_RULES } from '../../../../src/domain/invite/calculator';
import { CONTENT_PAGES } from '../../../../src/domain/content/pages';
import { makeMgmCode } from '../../../../src/domain/invite/mgm-code';
import type { AppEnv } from '../../../context';
import type { Db } from '../../../db/connect';
import { unauthorized, unprocessable } from '../../../errors';
import { mount } from '../../../http/route';
import { findCustomer, ownedCustomer } from '../../../members';
import { friendOf } from '../../shop/order-draft';
import { memberForToken } from '../../../security/tokens';
import { isUniqueViolation } from '../../../db/unique-violation';
import { faqAsText, parseBody } from '../content/html';
import { registerVeloInviteSite } from './velo-site';

/** Prefix of the velo discount codes members hand to friends on the ogo site. */
export const VELO_MGM_PREFIX = 'VELOMGM-';
const ATTEMPTS = 8;

const randomBody = () => makeMgmCode((n) => randomInt(n)).slice(4);

/**
 * The member's REW- code, made on the first request. The conditional UPDATE lets only one of
 * two racing requests set it; a clash with another member's code (unique column) retries.
 */
export async function ensureMgmCode(db: Db, memberId: number): Promise<string> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const row = await db.selectFrom('members').select('mgm_code').where('id', '=', memberId).executeTakeFirstOrThrow();
    if (row.mgm_code) return row.mgm_code;
    try {
      await db
        .updateTable('members')
        .set({ mgm_code: makeMgmCode((n) => randomInt(n)) })
        .where('id', '=', memberId)
        .where('mgm_code', 'is', null)
        .execute();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error('could not make a unique invite code');
}

async function ensureVeloCode(db: Db, memberId: number, customerId: number, now: Date): Promise<string> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const found = await db
      .selectFrom('invite_velo_codes')
      .select('code')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (found) return found.code;
    // No conflict target: a clash on member_id (a racing request) or on code (a random repeat) both do nothing.
    await db
      .insertInto('invite_velo_codes')
      .values({
        member_id: memberId,
        customer_id: customerId,
        code: VELO_MGM_PREFIX + randomBody(),
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  throw new Error('could not make a unique velo invite code');
}

/** Invite calls of docs/api.md#invite and the invite FAQ of docs/rules.md#entities. */
export function registerInviteCodes(app: Hono<AppEnv>): void {
  mount(app, getPromoCode, async ({ member, deps }) => ({
    msg: 'ok' as const,
    consumer: { memberGetMemberCode: await ensureMgmCode(deps.db, member.id) },
  }));

  mount(app, getVeloMgm, async ({ input, member, deps }) => {
    const now = deps.clock.now();
    const owner = await memberForToken(deps.db, input.ogoApiToken, 'ogo', now);
    if (owner !== member.id) throw unauthorized('Токен ogo недійсний. Увійди в ogo ще раз', 'ogo_unauthenticated');
    const customer = await ownedCustomer(deps.db, member, input.shopifyId);
    const rev = await ensureMgmCode(deps.db, member.id);
    return { discount_code: await ensureVeloCode(deps.db, member.id, customer.id, now), rev_code: rev };
  });

  // The same check create-order makes (routes/shop/order-draft.ts), asked when the code is entered.
  mount(app, checkFriendCode, async ({ input, member, deps }) => {
    const customer = await findCustomer(deps.db, member.id, input.ogo ? 'ogo' : 'glo');
    const friend = await friendOf(deps, member, customer ?? { orders_count: 0 }, input.code);
    if (!friend) throw unprocessable('friend_code_not_applicable', 'Введи код друга');
    return { ok: true as const, code: friend.code };
  });

  mount(app, getInviteFaq, async ({ deps }) => {
    const row = await deps.db
      .selectFrom('content_pages')
      .select('body')
      .where('page_id', '=', CONTENT_PAGES.inviteFaq)
      .where('variant', '=', 'all')
      .executeTakeFirst();
    return { faq: row ? faqAsText(parseBody(row.body)) : [] };
  });

  registerVeloInviteSite(app);

  // The rules recordCodes (routes/shop/friend-reward.ts) pays invited friends by: one source.
  mount(app, getInviteRules, async () => ({
    xpPerFriend: INVITE_RULES.xpPerFriend,
    milestones: INVITE_RULES.milestones.map((m) => ({ ...m })),
    maxFriendsPerYear: INVITE_RULES.maxFriendsPerYear,
  }));
}
