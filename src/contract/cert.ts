import * as z from 'zod/mini';
import { defineCall, expiringToken, isoDateTime, ogoFlag } from './define';

/*
 * Partner gift certificates (docs/rules.md#entities "Certificates", docs/api.md#certificates). Every call needs the member's bearer
 * (a missing or dead one answers 401 `UNAUTHORIZED_IN_APP`, and the app logs out, docs/rules.md#error-reactions) and a live
 * certificate token of that same member from cert/get-auth. A dead or foreign certificate token
 * answers 401 with code `cert_unauthenticated`: the app clears its certificate token and asks
 * for a new one (docs/rules.md#error-reactions).
 *
 * PIN flow: pin/store sets a new 4-digit PIN and texts a 6-digit code to the member's phone;
 * pin/enter-sms with that code makes the PIN active (replacing an older one, and lifting a lock);
 * pin/token with the right PIN answers a 5-minute PIN token. get-cert-list shows certificate
 * codes only when that PIN token is passed as `pinToken`; otherwise `code` is null.
 * Five wrong PINs in a row lock pin/token for 15 minutes (429 with Retry-After).
 */

const certToken = z.string().check(z.minLength(1), z.maxLength(200));
const id = z.number().check(z.int(), z.positive(), z.lte(2_147_483_647));
const name = z.string().check(z.minLength(1), z.maxLength(64));

/** A category of docs/rules.md#entities: {CATEGORY_ID, CATEGORY_NAME}. */
export const certCategory = z.object({ CATEGORY_ID: z.number(), CATEGORY_NAME: z.string() });
export type CertCategory = z.infer<typeof certCategory>;

/** A face value in whole UAH and its price in XP (the server's price, never the client's). */
export const certNominal = z.object({ nominal: z.number(), xp: z.number() });

export const certPartner = z.object({
  id: z.number(),
  categoryId: z.number(),
  name: z.string(),
  description: z.string(),
  /** The partner's wordmark as an SVG data URI. */
  logo: z.string(),
  nominals: z.array(certNominal),
});
export type CertPartner = z.infer<typeof certPartner>;

export const certStatus = z.enum(['active', 'used', 'expired']);
/** none: never set; pending: waiting for the SMS code; active: set; locked: too many wrong PINs. */
export const pinStatus = z.enum(['none', 'pending', 'active', 'locked']);

export const certificate = z.object({
  id: z.number(),
  partnerId: z.number(),
  partnerName: z.string(),
  categoryId: z.number(),
  logo: z.string(),
  /** Whole UAH. */
  nominal: z.number(),
  xpPrice: z.number(),
  status: certStatus,
  created_at: isoDateTime,
  expires_at: isoDateTime,
  used_at: z.nullable(isoDateTime),
  /** Null unless the request carried a live PIN token. */
  code: z.nullable(z.string()),
});
export type Certificate = z.infer<typeof certificate>;

/** The hour the app believes it is: 'YYYY-MM-DDTHH:00', UTC unless an offset ('Z', '+02:00') is given. */
const hourDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/));

/** POST /api/cert/get-auth {date, hourly} -> token, expired_at (docs/api.md#certificates, docs/rules.md#constants: requested with an hourly date). */
export const certGetAuth = defineCall({
  method: 'POST',
  path: '/api/cert/get-auth',
  auth: 'member',
  mutation: false,
  unauthenticatedCode: 'UNAUTHORIZED_IN_APP',
  summary:
    'Certificate token (1 hour). `date` is the current hour; `hourly` (default true) compares it at hour precision. ' +
    'A date more than 90 minutes from the server clock is refused with 422 cert_date_invalid',
  request: z.object({ date: hourDate, hourly: z.optional(z.boolean()) }),
  response: expiringToken,
});

/** POST /api/cert/regist {email, first_name, last_name, token} (docs/api.md#certificates; the app remembers it 3 days, docs/rules.md#constants). */
export const certRegist = defineCall({
  method: 'POST',
  path: '/api/cert/regist',
  auth: 'member',
  mutation: true,
  unauthenticatedCode: 'UNAUTHORIZED_IN_APP',
  summary: 'Registers (or updates) the member with the partner certificate service; needed before buying',
  request: z.object({ email: z.email().check(z.maxLength(254)), first_name: name, last_name: name, token: certToken }),
  response: z.object({ registered: z.literal(true), accountId: z.string(), registered_at: isoDateTime }),
});

/** POST /api/cert/get-cats {token} -> array of {CATEGORY_ID, CATEGORY_NAME} (docs/api.md#certificates). */
export const certGetCats = defineCall({
  method: 'POST',
  path: '/api/cert/get-cats',
  auth: 'member',
  mutation: false,
  unauthenticatedCode: 'UNAUTHORIZED_IN_APP',
  summary:
    'Certificate categories (the defaults of docs/rules.md#entities); a dead certificate token is 401 cert_unauthenticated',
  request: z.object({ token: certToken }),
  response: z.array(certCategory),
});

/** POST /api/cert/get-partners-by-id {token, categoryId} (docs/api.md#certificates). */
export const certGetPartnersById = defineCall({
  method: 'POST',
  path: '/api/cert/get-partners-by-id',
  auth: 'member',
  mutation: false,
  unauthenticatedCode: 'UNAUTHORIZED_IN_APP',
  summary: 'Partners of one category with their nominals (UAH) and XP prices; unknown category 404',
  request: z.object({ token: certToken, categoryId: id }),
  response: z.object({ categoryId: z.number(), partners: z.array(certPartner) }),
});

/** POST /api/cert/create {partnerId, nominal, {product}, token} (docs/api.md#certificates, docs/rules.md#validation: needs a valid certificate token). */
export const certCreate = defineCall({
  method: 'POST',
  path: '/api/cert/create',
  auth: 'member',
  mutation: true,
  unauthenticatedCode: 'UNAUTHORIZED_IN_APP',
  summary:
    'Buys a certificate with XP of the member’s record of the variant (`ogo`). The price comes from the server; ' +
    '422 insufficient_xp (nothing deducted), 422 cert_not_registered, 422 nominal_not_offered, 404 partner_not_found',
  request: z.object({ token: certToken, partnerId: id, nominal: id, ogo: ogoFlag }),
  response: z.object({ certificate, balance: z.number() }),
});

/** POST /api/cert/get-cert-list {token} (docs/api.md#certificates), plus `pinToken` from pin/token to see the codes. */
export const certGetCertList = defineCall({
  method: 'POST',
  path: '/api/cert/get-cert-list',
  auth: 'member',
  mutation: false,
  unauthenticatedCode: 'UNAUTHORIZED_IN_APP',
  summary: 'The member’s certificates, newest first; codes only with a live PIN token of the member (`revealed`)',
  request: z.object({ token: certToken, pinToken: z.optional(z.string().check(z.maxLength(200))) }),
  response: z.object({ certificates: z.array(certificate), revealed: z.boolean(), pin: pinStatus }),
});

/** POST /api/cert/get-message {token, categoryId?} (docs/api.md#certificates). */
export const certGetMessage = defineCall({
  method: 'POST',
  path: '/api/cert/get-message',
  auth: 'member',
  mutation: false,
  unauthenticatedCode: 'UNAUTHORIZED_IN_APP',
  summary: 'Information text for the certificates screen, or for one category',
  request: z.object({ token: certToken, categoryId: z.optional(id) }),
  response: z.object({ title: z.string(), message: z.string() }),
});

/** POST /api/cert/pin/store {code, token}: a new 4-digit PIN, confirmed by an SMS code. */
export const certPinStore = defineCall({
  method: 'POST',
  path: '/api/cert/pin/store',
  auth: 'member',
  mutation: true,
  unauthenticatedCode: 'UNAUTHORIZED_IN_APP',
  summary:
    'Sets a new PIN (4 digits, not 1111 or 1234-like: 422 pin_too_simple) pending confirmation and texts a 6-digit code ' +
    '(valid 10 minutes; a new one at most every 60 s, else 429)',
  request: z.object({ code: z.string().check(z.regex(/^\d{4}$/)), token: certToken }),
  response: z.object({ status: z.literal('sms_sent'), phone: z.string(), expires_at: isoDateTime }),
});

/** POST /api/cert/pin/enter-sms {code, token}: confirms the pending PIN. */
export const certPinEnterSms = defineCall({
  method: 'POST',
  path: '/api/cert/pin/enter-sms',
  auth: 'member',
  mutation: true,
  unauthenticatedCode: 'UNAUTHORIZED_IN_APP',
  summary: 'Confirms the pending PIN with the SMS code; 5 wrong codes void it (422 sms_code_invalid / pin_sms_missing)',
  request: z.object({ code: z.string().check(z.regex(/^\d{6}$/)), token: certToken }),
  response: z.object({ status: z.literal('active') }),
});

/**
 * POST /api/cert/pin/token {code, token} -> a 5-minute PIN token. Not a mutation for the outbox:
 * its answer is a secret, so it is never stored for replay, and it only makes sense online.
 */
export const certPinToken = defineCall({
  method: 'POST',
  path: '/api/cert/pin/token',
  auth: 'member',
  mutation: false,
  unauthenticatedCode: 'UNAUTHORIZED_IN_APP',
  summary: 'Checks the PIN and answers a PIN token that reveals certificate codes; 422 pin_invalid, 429 pin_locked',
  request: z.object({ code: z.string().check(z.regex(/^\d{4}$/)), token: certToken }),
  response: expiringToken,
});

export const certCalls = {
  getAuth: certGetAuth,
  regist: certRegist,
  getCats: certGetCats,
  getPartnersById: certGetPartnersById,
  create: certCreate,
  getCertList: certGetCertList,
  getMessage: certGetMessage,
  pinStore: certPinStore,
  pinEnterSms: certPinEnterSms,
  pinToken: certPinToken,
} as const;
