import * as z from 'zod/mini';
import { defineCall, expiringToken, isoDateTime, ogoFlag, ok } from './define';
import { recordId, shopRecord } from './user';

const phone = z.string().check(z.minLength(9), z.maxLength(32));
const smsCode = z.string().check(z.regex(/^\d{6}$/, 'Код: 6 цифр'));
const email = z.string().check(z.minLength(3), z.maxLength(254));
const name = z.string().check(z.minLength(1), z.maxLength(50));
const customerId = recordId;
/** A relative path on the site to open after login ("/cart"); absolute URLs are refused. */
const returnTo = z.optional(z.string().check(z.maxLength(500)));

/** Answer of a send of an SMS code: `resendIn` seconds until the next may be asked for. */
export const codeSent = z.object({ sent: z.boolean(), resendIn: z.number() });

/**
 * Answer of a successful sign-in (confirm-sms, test-login, reg-auth). docs/rules.md#states: a customer with
 * `shopify_id` means success. `token` is the member's bearer token (scope user, absolute expiry).
 */
export const signedIn = z.object({
  ok: z.literal(true),
  token: z.string(),
  expired_at: isoDateTime,
  /** The glo shop record (docs/rules.md#entities) with its id also as `shopify_id`. */
  customer: z.object({ ...shopRecord.shape, shopify_id: z.number() }),
  /** The member's ogo record, when there is one. */
  ogo_customer_id: z.nullable(z.number()),
  /** docs/rules.md#validation over the glo tags and the ogo verification metafield. */
  age_verified: z.boolean(),
  tags: z.array(z.string()),
});
/** docs/rules.md#states, docs/rules.md#error-reactions: a phone without a member gets no token and no customer, only the message. */
export const notSignedIn = z.object({ ok: z.literal(false), message: z.string() });
export const signInAnswer = z.union([signedIn, notSignedIn]);

/*
 * The sign-in calls (confirm-sms, reg-auth, test-login) are `mutation: false` although they
 * change state: their answer carries a bearer token, and the Idempotency-Key store keeps
 * answers in clear for 35 days, so a token would sit in the database. Without the store a
 * repeated confirm-sms meets an SMS code that is already used (401, ask a new code), and a
 * sign-in is never queued offline anyway: the code lives 5 minutes. Same as mlogin.
 */

/** POST /api/api-auth/login-sms {phone}: sends a login code to a member's phone. */
export const loginSms = defineCall({
  method: 'POST',
  path: '/api/api-auth/login-sms',
  auth: 'public',
  mutation: true,
  summary: 'Sends a 6-digit login code by SMS (1 per 60 s, 10 per day); registered=false sends nothing',
  request: z.object({ phone }),
  response: z.object({ ...codeSent.shape, registered: z.boolean() }),
});

/** POST /api/api-auth/confirm-sms {phone, code}: a wrong code is 401 'Спробуй ще раз' (5 tries per code). */
export const confirmSms = defineCall({
  method: 'POST',
  path: '/api/api-auth/confirm-sms',
  auth: 'public',
  mutation: false,
  summary: 'Confirms the login code and signs the member in',
  request: z.object({ phone, code: smsCode }),
  response: signInAnswer,
});

/** POST /api/api-auth/test-login {phone}: only the two allow-listed phones (docs/rules.md#roles). */
export const testLogin = defineCall({
  method: 'POST',
  path: '/api/api-auth/test-login',
  auth: 'public',
  mutation: false,
  summary: 'Signs in one of the two allow-listed test phones without SMS; any other phone is 403',
  request: z.object({ phone }),
  response: signInAnswer,
});

export const checkEmail = defineCall({
  method: 'POST',
  path: '/api/api-auth/check-email',
  auth: 'public',
  mutation: false,
  summary: 'Whether an e-mail address is well-formed and not used by another member',
  request: z.object({ email: z.string().check(z.maxLength(254)) }),
  response: z.object({ valid: z.boolean(), free: z.boolean() }),
});

/** POST /api/api-auth/registration: either birth_date (YYYY-MM-DD, 18+) or adult_confirmed: true. */
export const registration = defineCall({
  method: 'POST',
  path: '/api/api-auth/registration',
  auth: 'public',
  mutation: true,
  summary: 'Checks a registration form, keeps it and sends the confirmation code by SMS',
  request: z.object({
    first_name: name,
    last_name: name,
    email,
    phone,
    birth_date: z.optional(z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата: РРРР-ММ-ДД')))),
    adult_confirmed: z.optional(z.nullable(z.boolean())),
    referrer: z.optional(z.nullable(z.string().check(z.maxLength(32)))),
  }),
  response: codeSent,
});

export const regAuth = defineCall({
  method: 'POST',
  path: '/api/api-auth/reg-auth',
  auth: 'public',
  mutation: false,
  summary: 'Confirms the registration code, creates the member and the glo record, signs in',
  request: z.object({ phone, code: smsCode }),
  response: signInAnswer,
});

export const sendBotStat = defineCall({
  method: 'POST',
  path: '/api/api-auth/send-bot-stat',
  auth: 'member',
  mutation: true,
  summary: 'Records that the member came from the chat bot (analytics, kind bot-stat)',
  request: z.object({ phone, shopifyId: customerId }),
  response: z.object({ ok: z.literal(true), id: z.number() }),
});

export const logout = defineCall({
  method: 'POST',
  path: '/api/api-auth/logout',
  auth: 'member',
  mutation: true,
  summary: 'Revokes one token of the signed-in member (normally the bearer itself)',
  request: z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) }),
  response: ok,
});

export const tokenClear = defineCall({
  method: 'POST',
  path: '/api/api-auth/token-clear',
  auth: 'member',
  mutation: true,
  summary: 'Revokes every token of the member: all scopes, all devices',
  request: z.object({}),
  response: z.object({ ok: z.literal(true), revoked: z.number() }),
});

/** docs/rules.md#states: an answer code 200 without a token logs the user out. */
export const checkToken = defineCall({
  method: 'POST',
  path: '/api/api-auth/check-token',
  auth: 'public',
  mutation: false,
  summary: 'Checks the bearer against the shop ids the app holds; no token in the answer means log out',
  request: z.object({ gloShopId: z.optional(z.nullable(customerId)), ogoShopId: z.optional(z.nullable(customerId)) }),
  response: z.object({ code: z.literal(200), token: z.optional(z.string()), expired_at: z.optional(isoDateTime) }),
});

export const mloginGlo = defineCall({
  method: 'POST',
  path: '/api/api-auth/mlogin-glo',
  auth: 'member',
  mutation: false,
  summary: 'A single-use login link to the glo website',
  request: z.object({ return_to: returnTo }),
  response: z.object({ url: z.string() }),
});

/** docs/rules.md#entities create-customer payload; tags `pwa_user_velo` for velo. Idempotent per variant. */
export const createCustomer = defineCall({
  method: 'POST',
  path: '/api/api-auth/create-customer',
  auth: 'member',
  mutation: true,
  summary: "Creates the member's own shop record of a variant (or answers the existing one)",
  request: z.object({
    first_name: name,
    last_name: name,
    email,
    phone,
    note: z.optional(z.string().check(z.maxLength(500))),
    tags: z.optional(
      z.union([z.string().check(z.maxLength(500)), z.array(z.string().check(z.maxLength(64))).check(z.maxLength(20))]),
    ),
    variant: z.enum(['glo', 'ogo', 'velo']),
  }),
  response: z.object({ id: z.number() }),
});

export const getOgoToken = defineCall({
  method: 'GET',
  path: '/api/api-auth/get-ogo-token',
  auth: 'member',
  mutation: false,
  summary: 'Token of the ogo store (scope ogo); makes the ogo record when missing',
  request: z.object({}),
  response: expiringToken,
});

/** POST /api/mlogin: login link to the ogo store; `ogoAuthApiToken` must be the caller's. */
export const mlogin = defineCall({
  method: 'POST',
  path: '/api/mlogin',
  auth: 'member',
  mutation: false,
  summary: 'A single-use login link to the ogo store (glo website when ogo is false)',
  request: z.object({
    email: z.optional(email),
    last_name: z.optional(name),
    first_name: z.optional(name),
    ogo: ogoFlag,
    return_to: returnTo,
    ogoAuthApiToken: z.string().check(z.minLength(1), z.maxLength(200)),
  }),
  response: z.object({ url: z.string() }),
});

export const authCalls = {
  loginSms,
  confirmSms,
  testLogin,
  checkEmail,
  registration,
  regAuth,
  sendBotStat,
  logout,
  tokenClear,
  checkToken,
  mloginGlo,
  createCustomer,
  getOgoToken,
  mlogin,
} as const;
