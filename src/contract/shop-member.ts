import * as z from 'zod/mini';
import { defineCall, ogoFlag } from './define';
import { text } from './shop-catalogue';

const flag = z.optional(z.enum(['true', 'false', '1', '0']));

export const device = z.object({
  id: z.number(),
  serial: z.string(),
  model: z.string(),
  title: z.string(),
  variant: z.string(),
  registered_at: z.string(),
});

/** GET /api/get-devices?ogo= -> code, data.asset (docs/api.md#shop): the member's registered devices. */
export const getDevices = defineCall({
  method: 'GET',
  path: '/api/get-devices',
  auth: 'member',
  mutation: false,
  summary: 'Devices the member registered on a variant',
  request: z.object({ ogo: flag }),
  response: z.object({ code: z.literal(200), data: z.object({ asset: z.array(device) }) }),
});

/**
 * POST /api/register-device {serial, ogo}: the reference server's own call (docs/api.md#shop) for the
 * /device-reg screen, which the product's calls left without one. Only a genuine serial registers (the manufacturer's registry: unknown 404
 * `device_unknown`, another brand's 422 `device_other_brand`), once in the club: again by its
 * owner answers the same device with nothing awarded; by another member, 409 `device_taken`. At
 * most DEVICE_REGISTRATIONS_PER_DAY a member a day (422 `device_daily_limit`). The first
 * registration of a serial awards a one-off XP bonus. `model` is ignored: the registry names it.
 */
export const registerDevice = defineCall({
  method: 'POST',
  path: '/api/register-device',
  auth: 'member',
  mutation: true,
  summary: 'Registers a device by its serial and awards the one-off XP bonus',
  request: z.object({ serial: text(40), model: z.optional(text(60)), ogo: ogoFlag }),
  response: z.object({ device, awarded: z.number(), balance: z.number() }),
});

export const xpTransaction = z.object({
  id: z.number(),
  /** Positive: earned; negative: spent. */
  amount: z.number(),
  balance_after: z.number(),
  reason: z.string(),
  title: z.string(),
  created_at: z.string(),
});

/**
 * XP owed but not credited yet: a friend's first order with the member's code, until that order is
 * paid or handed over. Not in the balance nor the summary; a ledger line once credited.
 */
export const xpPendingLine = z.object({
  id: z.number(),
  amount: z.number(),
  reason: z.string(),
  title: z.string(),
  created_at: z.string(),
});

/** GET /api/get-bonus-history?shop= -> transactions, summary, pending (docs/api.md#shop): XP history, newest first. */
export const getBonusHistory = defineCall({
  method: 'GET',
  path: '/api/get-bonus-history',
  auth: 'member',
  mutation: false,
  summary: 'XP history of the member’s record of a variant (shop=glo|ogo, default glo)',
  request: z.object({ shop: z.optional(z.enum(['glo', 'ogo'])) }),
  response: z.object({
    transactions: z.array(xpTransaction),
    summary: z.object({ earned: z.number(), spent: z.number(), balance: z.number(), count: z.number() }),
    /** Newest first; absent from servers that credited at once. */
    pending: z.optional(z.array(xpPendingLine)),
  }),
});

/** GET /api/get-balance?v= -> balance (docs/api.md#shop): XP of the variant `v` (glo|ogo, default glo; `ogo=true` also works). */
export const getBalance = defineCall({
  method: 'GET',
  path: '/api/get-balance',
  auth: 'member',
  mutation: false,
  summary: 'XP balance of the member’s record of a variant',
  request: z.object({ v: z.optional(z.enum(['glo', 'ogo'])), ogo: flag }),
  response: z.object({ balance: z.number() }),
});
