// Near-valid and hostile inputs to every call of these groups: each answer is JSON below 500.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsCalls } from '../../../src/contract/analytics';
import { contentCalls } from '../../../src/contract/content';
import type { CallDef } from '../../../src/contract/define';
import { engagementCalls } from '../../../src/contract/engagement';
import { inviteCalls } from '../../../src/contract/invite';
import type { TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { engagementServer, verifiedMember } from './support';

let s: TestServer;
let m: TestMember;
let tokens: string[];
beforeAll(async () => {
  s = await engagementServer();
  m = await verifiedMember(s);
  const bat = (await s.get('/api/analytics/get-bat-token', {}, m.token)).body.token as string;
  const ogo = (await s.get('/api/api-auth/get-ogo-token', {}, m.token)).body.token as string;
  tokens = [bat, ogo, m.token];
  await s.post('/api/subscription/subscribe', { planId: 1 }, m.token);
});
afterAll(() => s.close());

const calls: CallDef[] = [
  ...Object.values(contentCalls),
  ...Object.values(inviteCalls),
  ...Object.values(analyticsCalls),
  ...Object.values(engagementCalls),
];

/** The field names a call's request declares (one level), plus those of the nested `data`. */
function fieldsOf(call: CallDef): string[] {
  const shape = (call.request as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  return Object.keys(shape);
}

const edgeNumber = fc.constantFrom(
  0,
  -1,
  1,
  2,
  3,
  1001,
  1004,
  2_147_483_647,
  2_147_483_648,
  9_999_999_999,
  Number.MAX_SAFE_INTEGER,
  1.5,
  -0,
  1e300,
);
const edgeString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '1',
    '0',
    'true',
    'ogo',
    'general',
    'Київ',
    '380671000000',
    '0671000000',
    '2026-11-23',
    '2026-02-30',
    'REW-ABCDEF',
    '<script>',
    "'; drop table news; --",
    '%',
    '\u{1F600}',
    'é\u0301',
  ),
  fc.string({ maxLength: 40 }),
  fc.constant('x'.repeat(5000)),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: edgeNumber, weight: 6 },
  { arbitrary: edgeString, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constantFrom(null, [], {}), weight: 1 },
  {
    arbitrary: fc.record(
      { customer_id: fc.oneof(edgeNumber, edgeString), page_url: edgeString },
      { requiredKeys: ['customer_id'] },
    ),
    weight: 1,
  },
);

/** Every declared field, mostly all present (so that one bad value among good ones reaches the handler). */
function inputFor(call: CallDef): fc.Arbitrary<Record<string, unknown>> {
  const keys = fieldsOf(call);
  const field = (k: string) =>
    k === 'ogo'
      ? fc.constantFrom(true, false, undefined)
      : k.toLowerCase().includes('token')
        ? fc.oneof(fc.constantFrom(...tokens), value)
        : value;
  const model = Object.fromEntries(keys.map((k) => [k, field(k)]));
  return fc
    .oneof({ arbitrary: fc.record(model), weight: 3 }, { arbitrary: fc.record(model, { requiredKeys: [] }), weight: 1 })
    .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));
}

async function send(call: CallDef, input: Record<string, unknown>) {
  if (call.method === 'GET') {
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(input)) query[k] = typeof v === 'string' ? v : JSON.stringify(v);
    return s.call('GET', call.path, { query, token: m.token });
  }
  return s.call('POST', call.path, { body: input, token: m.token });
}

describe('no input makes these calls fail with a 500', () => {
  it.each(calls.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', async (_name, call) => {
    await fc.assert(
      fc.asyncProperty(inputFor(call), async (input) => {
        const r = await send(call, input);
        expect(r.status, `${call.path} ${JSON.stringify(input).slice(0, 300)}`).toBeLessThan(500);
        expect(r.headers.get('content-type') ?? '').toContain('application/json');
      }),
      { numRuns: 120, seed: 20261123 },
    );
  });
});
