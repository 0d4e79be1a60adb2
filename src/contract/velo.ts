import * as z from 'zod/mini';
import { defineCall, expiringToken } from './define';

/** GET /api/user/get-velo-user (docs/rules.md#entities "User (velo)"); the velo record is made on first use. */
export const getVeloUser = defineCall({
  method: 'GET',
  path: '/api/user/get-velo-user',
  auth: 'member',
  mutation: false,
  summary: 'The member’s velo record, a velo API token and the test-drive slide flag',
  request: z.object({}),
  response: z.object({
    shopifyId: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    /** A fresh velo token (scope velo), as get-token gives. */
    apiToken: z.string(),
    /** Show the velo test-drive slide: an age-verified member who has not ordered velo yet. */
    showTdSlide: z.boolean(),
    /** Single-use login link to the velo store's test-drive page; null when the slide is hidden. */
    tdMultipass: z.nullable(z.string()),
  }),
});

export const getVeloToken = defineCall({
  method: 'GET',
  path: '/api/velo/get-token',
  auth: 'member',
  mutation: false,
  summary: 'Token of the velo store (scope velo)',
  request: z.object({}),
  response: expiringToken,
});

/** POST /api/velo/mlogin: `token` must be the caller's live velo token; `return_to` a relative path. */
export const veloMlogin = defineCall({
  method: 'POST',
  path: '/api/velo/mlogin',
  auth: 'member',
  mutation: false,
  summary: 'A single-use login link to the velo store',
  request: z.object({
    email: z.optional(z.string().check(z.maxLength(254))),
    last_name: z.optional(z.string().check(z.maxLength(50))),
    first_name: z.optional(z.string().check(z.maxLength(50))),
    token: z.string().check(z.minLength(1), z.maxLength(200)),
    return_to: z.optional(z.string().check(z.maxLength(500))),
  }),
  response: z.object({ url: z.string() }),
});

/** GET /api/velo/check-oral-status: oral products are shown only to age-verified members. */
export const checkOralStatus = defineCall({
  method: 'GET',
  path: '/api/velo/check-oral-status',
  auth: 'member',
  mutation: false,
  summary: 'Whether the member may see oral (velo) products: true only when age-verified (docs/rules.md#validation)',
  request: z.object({}),
  response: z.object({ result: z.boolean() }),
});

export const veloCalls = { getVeloUser, getVeloToken, veloMlogin, checkOralStatus } as const;
