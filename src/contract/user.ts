import * as z from 'zod/mini';
import { defineCall, ogoFlag } from './define';

export const metafield = z.object({
  id: z.number(),
  namespace: z.string(),
  key: z.string(),
  value: z.string(),
  type: z.string(),
});
export type Metafield = z.infer<typeof metafield>;

const shortText = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

/** POST /api/user/get-metafields {id, {product}} -> metafields (spec §7). */
export const getMetafields = defineCall({
  method: 'POST',
  path: '/api/user/get-metafields',
  auth: 'member',
  mutation: false,
  unauthenticatedCode: 'UNAUTHORIZED_IN_APP',
  summary: "The customer's metafields (favourites, verification, ...); only the owner may read them",
  request: z.object({ id: z.number().check(z.int(), z.positive()), ogo: ogoFlag }),
  response: z.object({ metafields: z.array(metafield) }),
});

/**
 * POST /api/user/create-metafields {namespace, key, value, type, shopifyId, {product}} (spec §7).
 * Creates or replaces the metafield (namespace, key) of the customer: favourites are stored
 * this way (spec §4), as namespace `pwa`, key `favorites`, type `json`, value a JSON array of product ids.
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
    shopifyId: z.number().check(z.int(), z.positive()),
    ogo: ogoFlag,
  }),
  response: z.object({ metafield }),
});

export const userCalls = { getMetafields, createMetafields } as const;
