import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../../server/security/tokens';
import { allCalls } from '../../../src/contract/index';
import type { CallDef } from '../../../src/contract/define';
import { API_KEY, makeTestServer, TEST_PHONES, type TestServer } from '../../support/server';
import { fuzzRequest, type FuzzRequest, type Pool } from './fuzz-requests';
import { serveOverHttp } from './support';

/*
 * a property test over every call of src/contract. Generated requests
 * (fuzz-requests.ts: malformed JSON, wrong types, huge strings, negative and fractional numbers,
 * unknown fields, missing fields, a missing or wrong key or token) never get a 500, every
 * refusal is the JSON error shape, and a refused request changes nothing in the database: a
 * digest of every table is the same before and after it.
 *
 * Sent over a real socket to the listener server/main.ts uses (body limits, security headers),
 * against the seeded demo data, signed in as the demo member (or another one).
 *
 * Left out of the digest, by design: the `idempotency` table (a refusal sent with an
 * Idempotency-Key is remembered under it, so that a retry gets the same answer) and
 * `sms_codes.attempts` (a wrong code uses up one of the code's tries: the OTP guess limit).
 */

const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 19_2026);

let s: TestServer;
let http: { url: string; close(): Promise<void> };
let tokens: { member: string; other: string };
let pool: Pool;
let tables: string[];

async function freshTokens() {
  const ids = await s.deps.db
    .selectFrom('members')
    .select(['id', 'phone'])
    .where('phone', 'in', [...TEST_PHONES])
    .execute();
  const byPhone = new Map(ids.map((r) => [r.phone, r.id]));
  const token = async (phone: string) =>
    (await issueToken(s.deps.db, byPhone.get(phone) as number, 'user', s.clock.now())).token;
  tokens = { member: await token(TEST_PHONES[0]), other: await token(TEST_PHONES[1]) };
}

/** A few ids of each kind of row, so that generated bodies name real ones too. */
async function idsOf(table: string): Promise<number[]> {
  const r = await sql<{ id: number }>`select id from ${sql.table(table)} order by id limit 4`.execute(s.deps.db);
  return r.rows.map((row) => Number(row.id));
}

/** Every table but the bookkeeping ones, row by row, as one hash. */
async function digest(): Promise<string> {
  const h = createHash('sha256');
  for (const t of tables) {
    const cols = t === 'sms_codes' ? sql`id, phone, purpose, code_hash, created_at, expires_at, used_at` : sql`*`;
    const r = await sql<Record<string, unknown>>`select ${cols} from ${sql.table(t)}`.execute(s.deps.db);
    // Sorted here: rows alike in their first column come back in any order on PostgreSQL.
    h.update(
      `${t}\n${r.rows
        .map((row) => JSON.stringify(row))
        .sort()
        .join('\n')}\n`,
    );
  }
  return h.digest('hex');
}

beforeAll(async () => {
  s = await makeTestServer({ seed: true });
  http = await serveOverHttp(s);
  await freshTokens();
  const found = await s.deps.db.introspection.getTables();
  tables = found
    .map((t) => t.name)
    // Bookkeeping, not data: the stored answers of keys, and the look-up counter, which
    // counts a refused look-up too (an enumeration is mostly refusals).
    .filter((t) => t !== 'idempotency' && t !== 'lookups' && !t.startsWith('sqlite_') && !t.startsWith('kysely_'))
    .sort();
  const ids = new Set<number>([0, 1, 2, -1, 2 ** 31 - 1]);
  for (const t of [
    'customers',
    'orders',
    'products',
    'news',
    'subscription_plans',
    'subscriptions',
    'marathon_questions',
    'marathon_options',
    'cert_partners',
    'cert_categories',
    'offline_purchases',
    'content_pages',
    'feedback',
  ]) {
    if (tables.includes(t)) for (const id of await idsOf(t)) ids.add(id);
  }
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${http.url}${path}`, {
      method,
      headers: { 'x-api-key': API_KEY, authorization: `Bearer ${tokens.member}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await res.json()) as { token?: string };
    return answer.token;
  };
  const serviceTokens = [
    await call('POST', '/api/cert/get-auth', { date: `${s.clock.now().toISOString().slice(0, 13)}:00`, hourly: true }),
    await call('GET', '/api/feedback/get-auth'),
    await call('GET', '/api/analytics/get-bat-token'),
    await call('POST', '/api/ipost/auth', {}),
    await call('GET', '/api/api-auth/get-ogo-token'),
    await call('GET', '/api/velo/get-token'),
  ].filter((t): t is string => typeof t === 'string');
  const today = s.clock.now().toISOString();
  pool = {
    ints: [...ids],
    strings: [
      ...TEST_PHONES,
      '+380 67 111 22 33',
      '380671112233',
      '0671112233',
      'olena@example.com',
      'new.member@example.com',
      'glo',
      'ogo',
      'velo',
      '123456',
      '000000',
      '1234',
      '1',
      '42',
      today,
      today.slice(0, 10),
      `${today.slice(0, 8)}01`,
      '2000-01-01',
      '2010-01-01',
      'Київ',
      'Олена',
      'VELO-20%',
      '11111111-2222-4333-8444-555555555555',
      ...serviceTokens,
    ],
  };
}, 60_000);

afterAll(async () => {
  await http?.close();
  await s?.close();
});

async function send(
  call: CallDef,
  req: FuzzRequest,
): Promise<{ status: number; text: string; cacheControl: string | null }> {
  const headers: Record<string, string> = {};
  if (req.auth !== 'noKey') headers['x-api-key'] = req.auth === 'badKey' ? 'not-the-key' : API_KEY;
  if (req.auth === 'member' || req.auth === 'noKey' || req.auth === 'badKey')
    headers.authorization = `Bearer ${tokens.member}`;
  if (req.auth === 'other') headers.authorization = `Bearer ${tokens.other}`;
  if (req.auth === 'badToken') headers.authorization = 'Bearer 0000000000000000000000000000';
  if (req.auth === 'basicAuth') headers.authorization = 'Basic YTpi';
  if (req.idempotencyKey !== null) headers['idempotency-key'] = req.idempotencyKey;
  let url = `${http.url}${call.path}`;
  let body: BodyInit | undefined;
  if (req.body.kind === 'query') url += `?${req.body.text}`;
  else if (req.body.kind === 'form') {
    const form = new FormData();
    for (const [k, v] of req.body.fields) {
      if (typeof v === 'string') form.append(k, v);
      else form.append(k, new Blob([new Uint8Array(v)], { type: 'image/jpeg' }), 'photo.jpg');
    }
    body = form;
    url += '?shop=glo';
  } else {
    body = req.body.text;
    if (req.body.type) headers['content-type'] = req.body.type;
  }
  const res = await fetch(url, { method: call.method, headers, body });
  return { status: res.status, text: await res.text(), cacheControl: res.headers.get('cache-control') };
}

/** fc.assert, with the report cut short: a counterexample may hold a 70 000-character string. */
async function assertShort(
  property: fc.IAsyncProperty<[FuzzRequest]>,
  params: fc.Parameters<[FuzzRequest]>,
): Promise<void> {
  try {
    await fc.assert(property, params);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const cause = e instanceof Error && e.cause instanceof Error ? `${e.cause.message}\n` : '';
    // eslint-disable-next-line preserve-caught-error -- a cause would print the whole report this cuts short
    throw new Error(
      `${cause}${message.length > 3000 ? `${message.slice(0, 1500)}\n…\n${message.slice(-1500)}` : message}`,
    );
  }
}

describe('every call of the contract under generated requests', () => {
  it(`never answers 500, refuses in the JSON error shape, and a refusal changes nothing (${RUNS_PER_CALL} requests a call)`, async () => {
    const seen = { accepted: 0, refused: 0 };
    let before = await digest();
    for (const { group, name, call } of allCalls()) {
      await assertShort(
        fc.asyncProperty(fuzzRequest(call, pool), async (req) => {
          const answer = await send(call, req);
          const what = `${group}.${name} ${answer.status} ${answer.text.slice(0, 200)}`;
          expect(answer.status, what).toBeLessThan(500);
          expect(answer.cacheControl, what).toBe('no-store');
          const after = await digest();
          if (answer.status >= 400) {
            seen.refused += 1;
            const error = (JSON.parse(answer.text) as { error?: { code?: unknown; message?: unknown } }).error;
            expect(typeof error?.code, what).toBe('string');
            expect(typeof error?.message, what).toBe('string');
            expect(after, `a refused request changed the database: ${what}`).toBe(before);
          } else {
            seen.accepted += 1;
            // An accepted call may sign the member out (logout, token-clear): sign in again.
            if (/logout|token-clear/.test(call.path)) await freshTokens();
          }
          before = /logout|token-clear/.test(call.path) ? await digest() : after;
        }),
        { numRuns: RUNS_PER_CALL, seed: SEED + group.length * 1000 + name.length, endOnFailure: true },
      );
    }
    // The generated requests reach the handlers, not only the checks in front of them.
    expect(seen.accepted).toBeGreaterThan(allCalls().length);
    expect(seen.refused).toBeGreaterThan(allCalls().length * 5);
  }, 120_000);
});
