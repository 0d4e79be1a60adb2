import * as z from 'zod/mini';
import { defineCall } from './define';

/*
 * Invite a friend (docs/rules.md#entities "Invite", docs/rules.md#validation friend code rules, docs/api.md#invite). The XP a member earns for
 * invited friends is the pure rule src/domain/invite/calculator.ts; the list of referred
 * friends is GET /api/user/get-referrals (user group).
 */

/**
 * GET /api/invite/get-promo-code -> {msg: 'ok', consumer: {memberGetMemberCode}} (docs/api.md#invite).
 * The member's own code, 'REW-' and 6 characters without look-alikes (src/domain/invite/mgm-code.ts),
 * made on the first request and the same ever after.
 */
export const getPromoCode = defineCall({
  method: 'GET',
  path: '/api/invite/get-promo-code',
  auth: 'member',
  mutation: false,
  summary: "The member's invite (member-get-member) code, REW-XXXXXX, made on first request",
  request: z.object({}),
  response: z.object({ msg: z.literal('ok'), consumer: z.object({ memberGetMemberCode: z.string() }) }),
});

/**
 * POST /api/invite/get-velo-mgm {shopifyId, ogoApiToken} -> {discount_code} (docs/api.md#invite).
 * A velo discount code for friends on the ogo site, one per member (the same on every call).
 * `shopifyId` must be one of the member's own records (403), `ogoApiToken` a live ogo token
 * of the same member (401 `ogo_unauthenticated`). `rev_code` is the member's REW- code: the
 * app builds the ogo-site link with `discount` and `rev_code` parameters (docs/api.md#invite).
 */
export const getVeloMgm = defineCall({
  method: 'POST',
  path: '/api/invite/get-velo-mgm',
  auth: 'member',
  mutation: true,
  summary: "The member's velo discount code for invited friends on the ogo site",
  request: z.object({
    shopifyId: z.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
    ogoApiToken: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  response: z.object({ discount_code: z.string(), rev_code: z.string() }),
});

export const inviteFaqItem = z.object({ title: z.string(), text: z.string() });

/** GET /api/invite/get-faq -> {faq: [{title, text}]} (docs/rules.md#entities "Invite: faq list of {title, text}"). */
export const getInviteFaq = defineCall({
  method: 'GET',
  path: '/api/invite/get-faq',
  auth: 'member',
  mutation: false,
  summary: 'Questions and answers about the invite programme, as plain text',
  request: z.object({}),
  response: z.object({ faq: z.array(inviteFaqItem) }),
});

/**
 * GET /api/invite/get-rules: the figures the server pays invited friends by (the calculator of
 * /invite-friend/calculator shows what N friends bring from these, not from the app's own copy).
 */
export const getInviteRules = defineCall({
  method: 'GET',
  path: '/api/invite/get-rules',
  auth: 'member',
  mutation: false,
  summary: 'XP per invited friend’s first order, the milestone bonuses and the yearly cap of counted friends',
  request: z.object({}),
  response: z.object({
    xpPerFriend: z.number(),
    milestones: z.array(z.object({ friends: z.number(), bonusXp: z.number() })),
    maxFriendsPerYear: z.number(),
  }),
});

/**
 * POST /api/invite/check-friend-code {code, ogo?} -> {ok: true, code}: whether a friend's REW-
 * code would count on this member's next order (docs/rules.md#validation: first order only, someone else's real
 * code), asked when the code is entered in the cart; 422 with the reason when it would not.
 * Changes nothing; create-order checks the code again.
 */
export const checkFriendCode = defineCall({
  method: 'POST',
  path: '/api/invite/check-friend-code',
  auth: 'member',
  mutation: false,
  summary: 'Checks a friend’s REW- code before the order (first order only, someone else’s real code)',
  request: z.object({ code: z.string().check(z.minLength(1), z.maxLength(50)), ogo: z.optional(z.boolean()) }),
  response: z.object({ ok: z.literal(true), code: z.string() }),
});

export const inviteCalls = { getPromoCode, getVeloMgm, getInviteFaq, getInviteRules, checkFriendCode } as const;
