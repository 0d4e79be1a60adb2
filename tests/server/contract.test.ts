// The whole contract (docs/api.md#calls) against the server: every call declared in src/contract is mounted,
// guards its member calls, and answers any input — however malformed — with JSON, never a 500.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '../../src/contract/index';
import { createMember, type TestMember } from '../support/members';
import { makeTestServer, type TestServer } from '../support/server';

let s: TestServer;
let member: TestMember;
beforeAll(async () => {
  s = await makeTestServer({ seed: true });
  member = await createMember(s, { xp: 500, tags: ['pwa_user', 'age_verified'] });
});
afterAll(() => s.close());

const calls = allCalls();

/** Sends `body` (POST) or `query` (GET) to a call as the test member; multipart calls get a form. */
async function send(call: (typeof calls)[number]['call'], input: unknown, token?: string) {
  if (call.method === 'GET') {
    const query: Record<string, string> = {};
    if (input && typeof input === 'object' && !Array.isArray(input)) {
      for (const [k, v] of Object.entries(input)) query[k] = String(v);
    }
    return s.call('GET', call.path, { query, token });
  }
  if (call.multipart) {
    const form = new FormData();
    if (input && typeof input === 'object' && !Array.isArray(input)) {
      for (const [k, v] of Object.entries(input)) form.append(k, String(v));
    }
    const headers: Record<string, string> = { 'x-api-key': s.config.API_KEY };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await s.app.request(call.path, { method: 'POST', headers, body: form });
    return { status: res.status, body: (await res.json()) as unknown, headers: res.headers };
  }
  return s.call('POST', call.path, { body: typeof input === 'string' ? input : JSON.stringify(input ?? {}), token });
}

describe('the API contract (docs/api.md#calls) on the server', () => {
  it('declares a good number of calls, each with a unique method and path', () => {
    expect(calls.length).toBeGreaterThan(90);
    const keys = calls.map(({ call }) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(calls.map((c) => [`${c.group}.${c.name}`, c] as const))(
    '%s is mounted and guarded',
    async (_name, { call }) => {
      const res = await send(call, {});
      expect(res.status, `${call.method} ${call.path}`).not.toBe(500);
      const body = res.body as { error?: { message?: string } } | null;
      // The catch-all answers calls nobody mounted.
      expect(body?.error?.message ?? '', `${call.method} ${call.path} is not mounted`).not.toBe('Такого виклику немає');
      if (call.auth === 'member') expect(res.status, `${call.method} ${call.path} without a bearer`).toBe(401);
    },
  );

  it('answers random bodies to every call with JSON and never a 500', async () => {
    const junk = fc.oneof(
      fc.constant('{"'),
      fc.constant('null'),
      fc.constant('[]'),
      fc.jsonValue({ maxDepth: 2 }),
      fc.dictionary(
        fc.constantFrom(
          'id',
          'ogo',
          'token',
          'phone',
          'code',
          'orderId',
          'shopifyId',
          'email',
          'offset',
          'prods',
          'order',
        ),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 4 },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...calls), junk, async ({ call }, input) => {
        const res = await send(call, input, member.token);
        expect(res.status, `${call.method} ${call.path} with ${JSON.stringify(input)}`).toBeLessThan(500);
        expect(res.headers.get('content-type') ?? '').toContain('application/json');
      }),
      { numRuns: 400, seed: 20261123 },
    );
  });
});
