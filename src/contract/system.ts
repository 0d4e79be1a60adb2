import * as z from 'zod/mini';
import { defineCall } from './define';

/** POST /api/get-version (docs/rules.md#states: at most once per 5 minutes; a change clears caches and reloads). */
export const getVersion = defineCall({
  method: 'POST',
  path: '/api/get-version',
  auth: 'public',
  mutation: false,
  summary: 'Current app version; a change makes the app clear its caches and reload',
  request: z.object({ current: z.optional(z.string().check(z.maxLength(64))) }),
  response: z.object({
    version: z.string(),
    /**
     * Which outside services this server has on: card payment, SMS codes, sign-in
     * without SMS for the test phones, the online age check. The app hides what is off.
     */
    providers: z.optional(
      z.object({ card: z.boolean(), sms: z.boolean(), testLogin: z.boolean(), ageCheck: z.boolean() }),
    ),
  }),
});

export const systemCalls = { getVersion } as const;
