import * as z from 'zod/mini';
import { defineCall, ogoFlag } from './define';

export const metafield = z.object({
  id: z.number(),
  namespace: z.string(),
  key: z.string(),
  value: z.string(),
  type: z.string(),
  /**
   * Bumped by every write (the reference server's own field, docs/api.md#user). A client writes conditionally with
   * `If-Match: "<revision>"` (or `If-None-Match: *` for one not yet there) and gets 412 when
   * another device wrote first; a server without it simply omits the field.
   */
  revision: z.optional(z.number()),
});
export type Metafield = z.infer<typeof metafield>;

const shortText = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
/**
 * Id of a shop record: a positive integer within the database's 32-bit key range, so an
 * impossible id is a 400 naming the field rather than a database error.
 */
export const recordId = z.number().check(z.int(), z.positive(), z.lte(2_147_483_647));
const customerId = recordId;
const tagList = z.union([
  z.string().check(z.maxLength(2000)),
  z.array(z.string().check(z.maxLength(100))).check(z.maxLength(50)),
]);
const otherToken = z.optional(z.nullable(z.string().check(z.maxLength(200))));

/** docs/rules.md#entities "User (shop record, per variant)"; `total_spent` in UAH. */
export const shopRecord = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  tags: z.array(z.string()),
  orders_count: z.number(),
  total_spent: z.number(),
  note: z.string(),
});
export type ShopRecord = z.infer<typeof shopRecord>;

/** POST /api/user/get-metafields {id, {product}} -> metafields (docs/api.md#user). */
export const getMetafields = defineCall({
  method: 'POST',
  path: '/api/user/get-metafields',
  auth: 'member',
  mutation: false,
  unauthenticatedCode: 'UNAUTHORIZED_IN_APP',
  summary: "The customer's metafields (favourites, verification, ...); only the owner may read them",
  request: z.object({ id: customerId, ogo: ogoFlag }),
  response: z.object({ metafields: z.array(metafield) }),
});

/**
 * POST /api/user/create-metafields {namespace, key, value, type, shopifyId, {product}} (docs/api.md#user).
 * Creates or replaces the metafield (namespace, key) of the customer: favourites are stored
 * this way (docs/rules.md#states), as namespace `pwa`, key `favorites`, type `json`, value a JSON array of product ids.
 */
export const createMetafields = defineCall({
  method: 'POST',
  path: '/api/user/create-metafields',
  auth: 'member',
  mutation: true,
  unauthenticatedCode: 'UNAUTHORIZED_IN_APP',
  summary: 'Creates or replaces one metafield of the signed-in member’s customer record',
  request: z.object({
    namespace: shortText(64),
    key: shortText(64),
    value: z.string().check(z.maxLength(20_000)),
    type: z.enum(['json', 'single_line_text_field', 'multi_line_text_field', 'boolean', 'number_integer', 'date']),
    shopifyId: customerId,
    ogo: ogoFlag,
  }),
  response: z.object({ metafield }),
});

/** The record with its metafields, as get-user and get-user-by-phone answer. */
const recordWithMetafields = z.object({ customer: shopRecord, metafields: z.array(metafield) });

/** POST /api/user/get-user {id, {product}} (docs/api.md#user): only the owner may read it. */
export const getUser = defineCall({
  method: 'POST',
  path: '/api/user/get-user',
  auth: 'member',
  mutation: false,
  summary: "The member's own shop record of a variant with its metafields",
  request: z.object({ id: customerId, ogo: ogoFlag }),
  response: recordWithMetafields,
});

/**
 * POST /api/user/update-tags {tags, shopifyId, {product}}: `tags` is the whole new list (array or
 * comma-separated). Only self-service tags (consents, pwa_installed) may be added or removed;
 * touching any other tag (age_verified, the velo-discount-used tag...) is 422.
 */
export const updateTags = defineCall({
  method: 'POST',
  path: '/api/user/update-tags',
  auth: 'member',
  mutation: true,
  summary: 'Adds or removes self-service tags of the own record; answers the new list',
  request: z.object({ tags: tagList, shopifyId: customerId, ogo: ogoFlag }),
  response: z.object({ tags: z.array(z.string()) }),
});

/** POST /api/user/change-email: sends a 6-digit code to the member's phone (5 min, 5 tries). */
export const changeEmail = defineCall({
  method: 'POST',
  path: '/api/user/change-email',
  auth: 'member',
  mutation: true,
  summary: 'Starts an e-mail change: the code goes by SMS to the member’s phone',
  request: z.object({
    email: z.string().check(z.minLength(3), z.maxLength(254)),
    customer_id: customerId,
    ogoAuthApiToken: otherToken,
  }),
  response: z.object({ sent: z.boolean(), resendIn: z.number() }),
});

export const confirmEmail = defineCall({
  method: 'POST',
  path: '/api/user/confirm-email',
  auth: 'member',
  mutation: true,
  summary: 'Confirms the code and applies the new e-mail to the member and all their shop records',
  request: z.object({ code: z.string().check(z.regex(/^\d{6}$/, 'Код: 6 цифр')), ogoAuthApiToken: otherToken }),
  response: z.object({ email: z.string() }),
});

/** GET /api/user/get-user-by-phone?ogo=true: the caller's own record of that variant. */
export const getUserByPhone = defineCall({
  method: 'GET',
  path: '/api/user/get-user-by-phone',
  auth: 'member',
  mutation: false,
  summary: "The caller's own shop record of a variant (found by the bearer's phone)",
  request: z.object({ ogo: z.optional(z.string().check(z.maxLength(5))) }),
  response: recordWithMetafields,
});

export const referral = z.object({
  first_name: z.string(),
  /** First letter of the last name and a dot, e.g. "К.". */
  last_initial: z.string(),
  joined_at: z.string(),
  /** Whether they have placed an order (any variant, not failed). */
  first_order: z.boolean(),
  /** XP their first order with the member's code brought: credited (in the ledger), and owed until that order is paid or handed over. */
  xp: z.optional(z.number()),
  pending_xp: z.optional(z.number()),
});

/** GET /api/user/get-referrals: the members the caller invited, newest first. */
export const getReferrals = defineCall({
  method: 'GET',
  path: '/api/user/get-referrals',
  auth: 'member',
  mutation: false,
  summary:
    'Members the caller invited (first name, last-name initial, joined, first order) and the XP they brought, from the ledger',
  request: z.object({}),
  response: z.object({
    mgmCode: z.nullable(z.string()),
    count: z.number(),
    ordered: z.number(),
    referrals: z.array(referral),
    /**
     * XP the member earned for friends: the sum of the referral lines of their XP history, by
     * variant (milestone bonuses included). Absent from servers that did not answer it.
     */
    earned: z.optional(z.object({ glo: z.number(), ogo: z.number() })),
    /** XP owed for friends' first orders not yet paid or handed over. */
    pending: z.optional(z.number()),
  }),
});

/**
 * POST /api/user/verify-age (the reference server's own call, docs/api.md#user; serves the /verification screens). In the sandbox
 * the check is the birth date: an adult gets `age_verified` on the glo record and the metafield
 * verification.age_verified = true on the ogo record (docs/rules.md#validation); a minor is 422, nothing changes.
 */
export const verifyAge = defineCall({
  method: 'POST',
  path: '/api/user/verify-age',
  auth: 'member',
  mutation: true,
  summary: 'Verifies the member’s age through Diia or a document (sandbox: by the birth date)',
  request: z.object({
    method: z.enum(['diia', 'document']),
    birth_date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата: РРРР-ММ-ДД')),
    document_number: z.optional(z.nullable(z.string().check(z.maxLength(20)))),
  }),
  response: z.object({ age_verified: z.literal(true), tags: z.array(z.string()) }),
});

export const userCalls = {
  getMetafields,
  createMetafields,
  getUser,
  updateTags,
  changeEmail,
  confirmEmail,
  getUserByPhone,
  getReferrals,
  verifyAge,
} as const;
