import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsCalls } from '../../../src/contract/analytics';
import { contentCalls } from '../../../src/contract/content';
import type { CallDef } from '../../../src/contract/define';
import { engagementCalls } from '../../../src/contract/engagement';
import { allCalls, contract } from '../../../src/contract/index';
import { inviteCalls } from '../../../src/contract/invite';
import { marathonCalls } from '../../../src/contract/marathon';
import { storesCalls } from '../../../src/contract/stores';
import { subscriptionCalls } from '../../../src/contract/subscription';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { endSessions, engagementServer } from './support';

let s: TestServer;
let m: TestMember;
let gone: TestMember;
beforeAll(async () => {
  s = await engagementServer();
  m = await createMember(s);
  gone = await createMember(s);
  await endSessions(s, gone);
});
afterAll(() => s.close());

const groups: Record<string, Record<string, CallDef>> = {
  content: contentCalls,
  invite: inviteCalls,
  analytics: analyticsCalls,
  engagement: engagementCalls,
};
const every = Object.entries(groups).flatMap(([group, calls]) =>
  Object.entries(calls).map(([name, call]) => ({ group, name, call })),
);

/** Sends a call with a plausible empty input: GET with no query, POST with `{}`. */
const send = (call: CallDef, opts: { token?: string; headers?: Record<string, string>; body?: string } = {}) =>
  s.call(call.method, call.path, {
    token: opts.token,
    headers: opts.headers,
    body: opts.body ?? (call.method === 'POST' ? {} : undefined),
  });

describe('the engagement calls in the contract', () => {
  it('lists marathon, subscription and stores in the engagement group, and every call in allCalls and OpenAPI', async () => {
    expect(engagementCalls).toEqual({ ...subscriptionCalls, ...marathonCalls, ...storesCalls });
    expect(contract.content).toBe(contentCalls);
    expect(contract.invite).toBe(inviteCalls);
    expect(contract.analytics).toBe(analyticsCalls);
    expect(contract.engagement).toBe(engagementCalls);
    const listed = new Set(allCalls().map((c) => c.call));
    const doc = (await (await s.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const { name, call } of every) {
      expect(listed.has(call), name).toBe(true);
      expect(doc.paths[call.path]?.[call.method.toLowerCase()], `${call.method} ${call.path}`).toBeDefined();
    }
    expect(every.length).toBe(4 + 5 + 7 + 7 + 3 + 1);
    expect(Object.keys(inviteCalls)).toContain('checkFriendCode');
  });
});

describe.each(every.map((c) => [`${c.group}.${c.name}`, c.call] as const))('%s', (_name, call) => {
  it('is mounted, and refuses a request without the API key with 401', async () => {
    const mounted = await send(call, { token: m.token });
    expect(mounted.body?.error?.message ?? '').not.toBe('Такого виклику немає');
    expect(mounted.status).not.toBe(500);
    const r = await send(call, { token: m.token, headers: { 'x-api-key': '' } });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('invalid_api_key');
    const wrong = await send(call, { token: m.token, headers: { 'x-api-key': 'not-the-key' } });
    expect(wrong.status).toBe(401);
  });

  if (call.auth === 'member') {
    it('answers 401 without a bearer, with a made-up one and with one whose session ended', async () => {
      for (const token of [undefined, 'no-such-session', gone.token]) {
        const r = await send(call, { token });
        expect(r.status, String(token)).toBe(401);
        expect(r.body.error.code).toBe(call.unauthenticatedCode ?? 'unauthenticated');
      }
    });
  }

  if (call.method === 'POST') {
    it('answers broken JSON with 400 bad_json, never 500', async () => {
      for (const body of ['{', '{"id": 1,}', 'nope', '\u0000']) {
        const r = await send(call, { token: m.token, body });
        expect(r.status, body).toBe(400);
      }
      const r = await send(call, { token: m.token, body: '{"a":' });
      expect(r.body.error.code).toBe('bad_json');
    });
  }
});

describe('content/get-page-by-id is the one public call of these groups', () => {
  it('is public (the user agreement needs no sign-in, docs/rules.md#screens); every other call needs a member', () => {
    expect(every.filter((c) => c.call.auth === 'public').map((c) => c.name)).toEqual(['getPageById']);
  });
});
