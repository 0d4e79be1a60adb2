import * as z from 'zod/mini';
import { defineCall, isoDateTime, ogoFlag } from './define';

const variant = z.enum(['glo', 'ogo']);
/** GET calls carry the {product} flag as `ogo=true` in the query string. */
const ogoQuery = z.object({ ogo: z.optional(z.enum(['true', 'false', '1', '0'])) });

/** One scanned code of the member's history (docs/rules.md#entities "Scan": uuid, coinCount, date, XP, product). */
export const scanHistoryItem = z.object({
  id: z.number(),
  /** The code (GUID, docs/rules.md#validation), lower case. */
  uuid: z.string(),
  /** When it was scanned, ISO UTC. */
  date: isoDateTime,
  /** XP it awarded (the coinCount of one scan). */
  xp: z.number(),
  product: z.string(),
  variant,
  /** Scanned alone (scan-code) or in a photo of several (multiscan). */
  source: z.enum(['single', 'multi']),
});
export type ScanHistoryItem = z.infer<typeof scanHistoryItem>;

/**
 * POST /api/scan/scan-code {code, ogo} — the reference server's own call (docs/api.md#scan): the product's
 * calls had none for one scanned code; added because scanning is the heart of the feature. A valid unused code awards
 * its XP once. Errors: malformed 400 with the GUID message (docs/rules.md#error-reactions); unknown 404 `code_not_found`;
 * used 409 `code_used` or `code_used_by_you`; a code of the other brand 422 `code_other_brand`.
 */
export const scanCode = defineCall({
  method: 'POST',
  path: '/api/scan/scan-code',
  auth: 'member',
  mutation: true,
  summary: 'Scans one code: awards its XP to the member’s record of the variant, once per code',
  request: z.object({
    /** Anything but a string is answered with the unsupported-type message (docs/rules.md#error-reactions), so it is accepted here. */
    code: z.optional(z.union([z.string().check(z.maxLength(200)), z.number(), z.boolean(), z.null()])),
    ogo: ogoFlag,
  }),
  response: z.object({
    status: z.literal('awarded'),
    /** XP this code awarded. */
    xp: z.number(),
    /** The variant record's XP balance after the award. */
    balance: z.number(),
    item: scanHistoryItem,
    /** Scans of this variant in the current Kyiv month, this one included. */
    monthCount: z.number(),
  }),
});

/** POST /api/scan/get-scan-count {date_start: first of month} -> code, success (docs/api.md#scan; docs/rules.md#error-reactions: code other than 200 is an error). */
export const getScanCount = defineCall({
  method: 'POST',
  path: '/api/scan/get-scan-count',
  auth: 'member',
  mutation: false,
  summary: 'Number of codes the member scanned in the Kyiv month starting on date_start',
  request: z.object({
    date_start: z.string().check(z.regex(/^\d{4}-\d{2}-01$/, 'очікується перше число місяця, РРРР-ММ-01')),
    ogo: ogoFlag,
  }),
  response: z.object({ code: z.literal(200), success: z.literal(true), count: z.number(), date_start: z.string() }),
});

/** GET /api/scan/get-message (docs/api.md#scan): a motivational line reflecting this month's progress. */
export const getScanMessage = defineCall({
  method: 'GET',
  path: '/api/scan/get-message',
  auth: 'member',
  mutation: false,
  summary: 'Ukrainian motivational message for this month’s scanning progress',
  request: ogoQuery,
  response: z.object({ message: z.string(), count: z.number(), goal: z.number() }),
});

/** GET /api/scan/get-scan-percent (docs/api.md#scan): progress towards the monthly goal (SCAN_MONTHLY_GOAL scans). */
export const getScanPercent = defineCall({
  method: 'GET',
  path: '/api/scan/get-scan-percent',
  auth: 'member',
  mutation: false,
  summary: 'Progress of this Kyiv month’s scans towards the monthly goal',
  request: ogoQuery,
  response: z.object({
    /** 0..100, whole. */
    percent: z.number(),
    count: z.number(),
    goal: z.number(),
    /** XP earned by scans this month (docs/rules.md#entities coinMonth). */
    coinMonth: z.number(),
    /** 'YYYY-MM-01' of the month. */
    month: z.string(),
    /** A store consultant is saved for this variant (docs/rules.md#entities managerAdded). */
    managerAdded: z.boolean(),
  }),
});

/** GET /api/scan/get-full-balance (docs/api.md#scan): XP of both variants and their sum. */
export const getFullBalance = defineCall({
  method: 'GET',
  path: '/api/scan/get-full-balance',
  auth: 'member',
  mutation: false,
  summary: 'XP balance of the glo and the ogo record, and the total',
  request: z.object({}),
  response: z.object({ glo: z.number(), ogo: z.number(), total: z.number() }),
});

/** POST /api/scan/save-manager {shopify_id, manager, manager_from, brand} (docs/api.md#scan). */
export const saveManager = defineCall({
  method: 'POST',
  path: '/api/scan/save-manager',
  auth: 'member',
  mutation: true,
  summary: 'Records the store consultant who helped the member (docs/rules.md#entities managerAdded)',
  request: z.object({
    /** The member's own customer record: glo for brand glo, ogo for ogo and velo. */
    shopify_id: z.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
    /** Consultant's id or code, as on their badge or QR. */
    manager: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
    /** Where the consultant works: store, kiosk or event. */
    manager_from: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
    brand: z.enum(['glo', 'ogo', 'velo']),
  }),
  response: z.object({
    managerAdded: z.literal(true),
    managerId: z.string(),
    managerFrom: z.string(),
    brand: z.enum(['glo', 'ogo', 'velo']),
    saved_at: isoDateTime,
  }),
});

/** Scan history page size. */
export const SCAN_HISTORY_PAGE = 20;

/** POST /api/scan/get-history {offset} (docs/api.md#scan): the member's scans, newest first, 20 a page. */
export const getScanHistory = defineCall({
  method: 'POST',
  path: '/api/scan/get-history',
  auth: 'member',
  mutation: false,
  summary: 'A page of the member’s scanned codes, newest first',
  request: z.object({ offset: z.optional(z.number().check(z.int(), z.gte(0), z.lte(1_000_000))), ogo: ogoFlag }),
  response: z.object({
    items: z.array(scanHistoryItem),
    total: z.number(),
    /** XP earned by all scans of this variant (docs/rules.md#entities coinCount). */
    coinCount: z.number(),
    offset: z.number(),
    pageSize: z.number(),
    /** Offset of the next page, null on the last. */
    nextOffset: z.nullable(z.number()),
  }),
});

/** What became of one code found in a photo. */
export const multiscanOutcome = z.enum(['awarded', 'used', 'unknown', 'invalid', 'other_brand']);

export const multiscanCode = z.object({
  /** The text read, as in the photo. */
  uuid: z.string(),
  format: z.enum(['qr', 'datamatrix']),
  outcome: multiscanOutcome,
  /** XP awarded for this code (0 unless awarded). */
  xp: z.number(),
  /** For 'used': whether it was the member who used it. */
  byYou: z.optional(z.boolean()),
  message: z.string(),
});

/**
 * POST /mapi/multiscan/load {image, phone, user_id, image_type: 'base64'} (docs/api.md#scan, "bot admin
 * host" = this server under /mapi). Every QR and DataMatrix code in the photo is read on the
 * server and each valid unused one awarded as scan-code does. Errors: a photo over the limit
 * 413 `image_too_large`; not a PNG/JPEG 400; no code in it 422 `no_codes`.
 */
export const multiscanLoad = defineCall({
  method: 'POST',
  path: '/mapi/multiscan/load',
  auth: 'member',
  mutation: true,
  summary: 'Reads every code in a photo (PNG or JPEG, base64) and awards each valid unused one',
  request: z.object({
    /** Base64 of the PNG or JPEG bytes, or a data: URL; at most MULTISCAN_MAX_IMAGE_BYTES once decoded. */
    image: z.string().check(z.minLength(1), z.maxLength(12_000_000)),
    /** The member's own phone. */
    phone: z.string().check(z.minLength(9), z.maxLength(20)),
    /** The member's own customer record (glo or ogo): the variant the codes are for. */
    user_id: z.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
    image_type: z.literal('base64'),
  }),
  response: z.object({
    /** The photo's id in the member's sent photos (multiscan/get-history). */
    id: z.number(),
    created_at: isoDateTime,
    codes: z.array(multiscanCode),
    found: z.number(),
    awarded: z.number(),
    /** XP awarded in total for this photo. */
    xp_total: z.number(),
    balance: z.number(),
  }),
});

/** Largest photo multiscan takes, bytes once decoded from base64. */
export const MULTISCAN_MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** Sent photos page size. */
export const MULTISCAN_HISTORY_PAGE = 20;

export const multiscanPhoto = z.object({
  id: z.number(),
  created_at: isoDateTime,
  found: z.number(),
  awarded: z.number(),
  xp_total: z.number(),
  codes: z.array(multiscanCode),
});
export type MultiscanPhoto = z.infer<typeof multiscanPhoto>;

/**
 * POST /mapi/multiscan/get-history {offset, {product}} (the reference server's own call, docs/api.md#scan; beside multiscan/load, in
 * the style of scan/get-history): the photos the server read for the member's record of the
 * variant, from any device, newest first, 20 a page, each with what became of its codes. The
 * photos themselves are not kept. «Надіслані фото» on /scan/multi lists these with the photos
 * still waiting on this device.
 */
export const multiscanHistory = defineCall({
  method: 'POST',
  path: '/mapi/multiscan/get-history',
  auth: 'member',
  mutation: false,
  summary: 'A page of the member’s photos read by multiscan/load (any device), newest first, with each code’s outcome',
  request: z.object({ offset: z.optional(z.number().check(z.int(), z.gte(0), z.lte(1_000_000))), ogo: ogoFlag }),
  response: z.object({
    photos: z.array(multiscanPhoto),
    total: z.number(),
    /** Offset of the next page, null on the last. */
    nextOffset: z.nullable(z.number()),
  }),
});

export const scanCalls = {
  scanCode,
  getScanCount,
  getScanMessage,
  getScanPercent,
  getFullBalance,
  saveManager,
  getScanHistory,
  multiscanLoad,
  multiscanHistory,
} as const;
