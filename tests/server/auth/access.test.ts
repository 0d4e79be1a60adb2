import { describe, expect, it } from 'vitest';
import { authCalls } from '../../../src/contract/auth';
import type { CallDef } from '../../../src/contract/define';
import { userCalls } from '../../../src/contract/user';
import { veloCalls } from '../../../src/contract/velo';
import { issueToken } from '../../../server/security/tokens';
import { createMember, type TestMember } from '../../support/members';
import { API_KEY, TEST_PHONES, type TestServer } from '../../support/server';
import { withServerAndMember } from '../../support/server-member';
import { expectBadField, expectNoServerError } from './support';

/**
 * The rules every call of the auth, user and velo groups shares (docs/api.md#authentication, docs/api.md#errors,
 * docs/architecture.md#server): the API key, the bearer, 400 naming the field, bad JSON, and no input that makes a 500.
 */

let s: TestServer;
let m: TestMember;
withServerAndMember((x) => ({ s, m } = x));

const calls = { ...authCalls, ...userCalls, ...veloCalls };
type CallName = keyof typeof calls;

interface Ctx {
  m: TestMember;
  ogoToken: string;
  veloToken: string;
}

/** A request each call accepts by its contract; the type makes a new call fail to compile until it is listed. */
const valid: { [K in CallName]: (x: Ctx) => Record<string, unknown> } = {
  loginSms: ({ m }) => ({ phone: m.phone }),
  confirmSms: ({ m }) => ({ phone: m.phone, code: '123456' }),
  testLogin: () => ({ phone: TEST_PHONES[0] }),
  checkEmail: () => ({ email: 'someone@example.com' }),
  registration: () => ({
    first_name: 'Ганна',
    last_name: 'Петренко',
    email: 'hanna.new@example.com',
    phone: '380931112233',
    birth_date: '1995-01-01',
    adult_confirmed: true,
    referrer: 'REW-ABCDE',
  }),
  regAuth: () => ({ phone: '380931112233', code: '123456' }),
  sendBotStat: ({ m }) => ({ phone: m.phone, shopifyId: m.glo.id }),
  logout: ({ m }) => ({ token: m.token }),
  tokenClear: () => ({}),
  checkToken: ({ m }) => ({ gloShopId: m.glo.id, ogoShopId: m.ogo.id }),
  mloginGlo: () => ({ return_to: '/cart' }),
  createCustomer: ({ m }) => ({
    first_name: 'Тест',
    last_name: 'Учасник',
    email: `${m.phone}@example.com`,
    phone: m.phone,
    note: 'з застосунку',
    tags: ['pwa_user_velo'],
    variant: 'velo',
  }),
  getOgoToken: () => ({}),
  mlogin: ({ m, ogoToken }) => ({
    email: `${m.phone}@example.com`,
    last_name: 'Учасник',
    first_name: 'Тест',
    ogo: true,
    return_to: '/',
    ogoAuthApiToken: ogoToken,
  }),
  getMetafields: ({ m }) => ({ id: m.glo.id, ogo: false }),
  createMetafields: ({ m }) => ({
    namespace: 'pwa',
    key: 'favorites',
    value: '[1]',
    type: 'json',
    shopifyId: m.glo.id,
    ogo: false,
  }),
  getUser: ({ m }) => ({ id: m.glo.id, ogo: false }),
  updateTags: ({ m }) => ({ tags: ['pwa_user', 'sms_consent'], shopifyId: m.glo.id, ogo: false }),
  changeEmail: ({ m }) => ({ email: `new.${m.phone}@example.com`, customer_id: m.glo.id, ogoAuthApiToken: null }),
  confirmEmail: () => ({ code: '123456', ogoAuthApiToken: null }),
  getUserByPhone: () => ({ ogo: 'true' }),
  getReferrals: () => ({}),
  verifyAge: () => ({ method: 'document', birth_date: '1990-01-01', document_number: 'АБ123456' }),
  getVeloUser: () => ({}),
  getVeloToken: () => ({}),
  veloMlogin: ({ m, veloToken }) => ({
    email: `${m.phone}@example.com`,
    last_name: 'Учасник',
    first_name: 'Тест',
    token: veloToken,
    return_to: '/',
  }),
  checkOralStatus: () => ({}),
};

/** A fresh member with its store tokens: calls such as token-clear must not spoil the others' state. */
async function freshCtx(): Promise<Ctx> {
  const x = await createMember(s);
  const ogo = await s.get('/api/api-auth/get-ogo-token', {}, x.token);
  const velo = await s.get('/api/velo/get-token', {}, x.token);
  return { m: x, ogoToken: ogo.body.token as string, veloToken: velo.body.token as string };
}

function send(call: CallDef, body: unknown, token?: string) {
  if (call.method === 'GET') {
    const query = Object.fromEntries(
      Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    );
    return s.get(call.path, query, token);
  }
  return s.post(call.path, body, token);
}

/** Values no field of these calls should turn into a server error. */
const HOSTILE: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  2 ** 31,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  '',
  ' ',
  'x'.repeat(5000),
  'a\u0000b',
  '\uD800',
  '<script>alert(1)</script>',
  "' or '1'='1",
  '../../etc/passwd',
  '١٢٣٤٥٦',
  '𝟏𝟐𝟑𝟒𝟓𝟔',
  [],
  ['a\u0000'],
  ['x'.repeat(200)],
  {},
  { $gt: '' },
];

const entries = Object.entries(calls) as Array<[CallName, CallDef]>;

describe('API key (docs/api.md#auth: all calls send an API key header)', () => {
  for (const [name, call] of entries) {
    it(`${call.method} ${call.path} (${name}) answers 401 invalid_api_key without or with a wrong key`, async () => {
      const init =
        call.method === 'POST'
          ? { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }
          : { method: 'GET' };
      const none = await s.app.request(call.path, init);
      expect(none.status).toBe(401);
      expect(((await none.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
      const wrong = await s.call(call.method, call.path, {
        token: m.token,
        headers: { 'x-api-key': `${API_KEY}x` },
        body: {},
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.code).toBe('invalid_api_key');
    });
  }
});

describe('bearer token (docs/rules.md#roles; docs/rules.md#error-reactions UNAUTHORIZED_IN_APP on metafield calls)', () => {
  const memberCalls = entries.filter(([, call]) => call.auth === 'member');

  it('the public calls are exactly the sign-in and registration ones', () => {
    expect(
      entries
        .filter(([, c]) => c.auth === 'public')
        .map(([n]) => n)
        .sort(),
    ).toEqual(['checkEmail', 'checkToken', 'confirmSms', 'loginSms', 'regAuth', 'registration', 'testLogin'].sort());
  });

  it('the metafield calls answer UNAUTHORIZED_IN_APP', () => {
    expect(userCalls.getMetafields.unauthenticatedCode).toBe('UNAUTHORIZED_IN_APP');
    expect(userCalls.createMetafields.unauthenticatedCode).toBe('UNAUTHORIZED_IN_APP');
  });

  for (const [name, call] of memberCalls) {
    it(`${call.path} (${name}) answers 401 without, with an unknown, a revoked, an expired or a store token`, async () => {
      const ctx = await freshCtx();
      const body = valid[name](ctx);
      const code = call.unauthenticatedCode ?? 'unauthenticated';
      const expired = await issueToken(
        s.deps.db,
        ctx.m.id,
        'user',
        new Date(s.clock.now().getTime() - 91 * 86_400_000),
      );
      const revoked = await createMember(s);
      await s.deps.db
        .updateTable('sessions')
        .set({ revoked_at: s.clock.now().toISOString() })
        .where('member_id', '=', revoked.id)
        .execute();
      for (const [label, token] of [
        ['none', undefined],
        ['unknown', 'no-such-session'],
        ['expired', expired.token],
        ['revoked', revoked.token],
        ['ogo store token', ctx.ogoToken],
        ['velo store token', ctx.veloToken],
      ] as const) {
        const r = await send(call, body, token);
        expect(r.status, label).toBe(401);
        expect(r.body.error.code, label).toBe(code);
      }
    });
  }
});

describe('bad input: 400 naming the field, bad JSON 400, never a 500', () => {
  for (const [name, call] of entries) {
    it(`${call.path} (${name})`, async () => {
      const ctx = await freshCtx();
      // Public calls get the bearer too: check-token reads it.
      const token = ctx.m.token;
      const body = valid[name](ctx);

      if (call.method === 'POST') {
        for (const text of ['{"phone":', '{', 'not json', '{"a":1}}']) {
          const r = await s.post(call.path, text, token);
          expect(r.status, text).toBe(400);
          expect(r.body.error.code, text).toBe('bad_json');
        }
        for (const whole of [[], null, 'text', 42, [body]]) {
          const r = await s.post(call.path, JSON.stringify(whole), token);
          if (call.request.safeParse(whole).success) expectNoServerError(r, JSON.stringify(whole));
          else expect(r.status, JSON.stringify(whole)).toBe(400);
        }
      }

      for (const field of Object.keys(body)) {
        const without = { ...body };
        delete without[field];
        if (!call.request.safeParse(without).success)
          expectBadField(await send(call, without, token), field, `${field} missing`);
        // Query values are text, so only a POST body can carry a value of the wrong kind.
        if (call.method === 'POST')
          expectBadField(await send(call, { ...body, [field]: { nested: true } }, token), field, `${field} object`);
        for (const value of HOSTILE) {
          if (call.method === 'GET' && typeof value !== 'string') continue;
          const r = await send(call, { ...body, [field]: value }, token);
          expectNoServerError(r, `${field}=${JSON.stringify(value).slice(0, 40)}`);
          if (!call.request.safeParse({ ...body, [field]: value }).success)
            expect(r.status, `${field}=${JSON.stringify(value).slice(0, 40)}`).toBe(400);
        }
      }
    });
  }

  it('a field holding U+0000 is a 400 naming it (PostgreSQL cannot store it)', async () => {
    const r = await s.post(
      '/api/user/create-metafields',
      { ...valid.createMetafields(await freshCtx()), value: 'a\u0000' },
      m.token,
    );
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('«value»');
    const email = await s.post('/api/api-auth/check-email', { email: 'a\u0000b@example.com' });
    expect(email.status).toBe(400);
    expect(email.body.error.message).toContain('«email»');
    const query = await s.get('/api/delivery/np/cities', { query: 'Ки\u0000їв' }, m.token);
    expect(query.status).toBe(400);
    expect(query.body.error.message).toContain('«query»');
    expect((await s.get('/api/delivery/np/cities', { query: 'Київ' }, m.token)).status).toBe(200);
  });

  it('an id beyond the 32-bit key range is a 400 naming the field, on every call that takes one', async () => {
    const big = 2 ** 31;
    const cases: Array<[CallDef, Record<string, unknown>, string]> = [
      [userCalls.getUser, { id: big }, 'id'],
      [userCalls.getMetafields, { id: big }, 'id'],
      [userCalls.createMetafields, { ...valid.createMetafields(await freshCtx()), shopifyId: big }, 'shopifyId'],
      [userCalls.updateTags, { tags: [], shopifyId: big }, 'shopifyId'],
      [userCalls.changeEmail, { email: 'x@example.com', customer_id: big }, 'customer_id'],
      [authCalls.sendBotStat, { phone: m.phone, shopifyId: big }, 'shopifyId'],
      [authCalls.checkToken, { gloShopId: big }, 'gloShopId'],
      [authCalls.checkToken, { ogoShopId: big }, 'ogoShopId'],
    ];
    for (const [call, body, field] of cases) expectBadField(await send(call, body, m.token), field, call.path);
    // The largest possible id is accepted and simply names no record.
    expect((await s.post('/api/user/get-user', { id: big - 1 }, m.token)).status).toBe(404);
  });
});
