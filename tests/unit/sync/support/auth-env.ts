import type { confirmSms } from '../../../../src/contract/auth';
import type { CallResponse } from '../../../../src/contract/define';
import { ClubDb } from '../../../../src/db/database';
import type { AuthEnv } from '../../../../src/sync/auth/actions';
import { memoryCookies } from '../../../../src/sync/auth/cookies';
import { createSyncCore, type SyncCore } from '../../../../src/sync/core';
import { webLock } from '../../../../src/sync/engine/lock';
import { manualOnline } from '../../../../src/sync/engine/online';
import { scriptedFetch, type Reply, type SeenRequest } from './fake-fetch';
import { api, uniqueDbName } from './harness';
import { memoryLocks } from './memory-locks';

type Handler = (req: SeenRequest, body: Record<string, unknown>) => Reply | Promise<Reply>;

export const DEMO = '380500000001';
export const OTHER = '380671234567';

type SignedInAnswer = Extract<CallResponse<typeof confirmSms>, { ok: true }>;

/** A glo shop record as the server's sign-in answers carry it. */
export function customer(over: Partial<SignedInAnswer['customer']> = {}): SignedInAnswer['customer'] {
  return {
    id: 101,
    shopify_id: 101,
    first_name: 'Олена',
    last_name: 'Коваль',
    email: 'olena@example.com',
    phone: DEMO,
    tags: ['pwa_user'],
    orders_count: 0,
    total_spent: 0,
    note: '',
    ...over,
  };
}

/** A successful sign-in answer (confirm-sms, test-login, reg-auth). */
export function signedIn(over: Partial<SignedInAnswer> = {}): SignedInAnswer {
  return {
    ok: true,
    token: 'tok-1',
    expired_at: '2030-01-01T00:00:00.000Z',
    customer: customer(),
    ogo_customer_id: null,
    age_verified: false,
    tags: ['pwa_user'],
    ...over,
  };
}

export interface AuthHarness extends SyncCore {
  env: AuthEnv;
  seen: SeenRequest[];
  cookies: ReturnType<typeof memoryCookies>;
  online: ReturnType<typeof manualOnline>;
  clock: { t: number };
  /** Paths requested, in order. */
  paths(): string[];
  /** The JSON body of the first request to `path`. */
  bodyOf(path: string, nth?: number): Record<string, unknown>;
}

/** A device with no session yet, over a scripted server (`handlers` by path) and in-memory cookies. */
export function authHarness(
  opts: { handlers?: Record<string, Handler>; online?: boolean; cookies?: Record<string, string>; db?: ClubDb } = {},
): AuthHarness {
  const db = opts.db ?? new ClubDb(uniqueDbName('auth'));
  const clock = { t: Date.parse('2026-03-01T10:00:00.000Z') };
  const net = scriptedFetch(api(opts.handlers));
  const core = createSyncCore({
    db,
    apiKey: 'k',
    baseUrl: '',
    fetch: net.fetch,
    lock: webLock(memoryLocks().client('tab')),
    now: () => clock.t,
    random: () => 0.5,
  });
  const online = manualOnline(opts.online ?? true);
  const cookies = memoryCookies(opts.cookies);
  const env: AuthEnv = {
    db,
    transport: core.transport,
    online,
    cookies,
    now: () => clock.t,
    testPhones: [DEMO, '380500000002'],
  };
  const path = (r: SeenRequest) => new URL(r.url, 'http://x').pathname;
  return {
    ...core,
    env,
    seen: net.seen,
    cookies,
    online,
    clock,
    paths: () => net.seen.map(path),
    bodyOf(p, nth = 0) {
      const r = net.seen.filter((x) => path(x) === p)[nth];
      if (!r) throw new Error(`no request to ${p}`);
      return JSON.parse(r.body ?? '{}') as Record<string, unknown>;
    },
  };
}

/** The cookies logout clears as docs/rules.md#states lists them, written out here so the code's list is checked against them. */
export const RULES_LOGOUT_COOKIES = [
  'usertoken',
  'showIs18',
  'cacheShopUserInfo',
  'checkToken',
  'ogoAuthToken',
  'pwaToken',
  'verDelay',
  'oralStatus',
];
