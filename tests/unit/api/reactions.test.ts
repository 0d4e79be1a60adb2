import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { reactionTo } from '../../../src/api/reactions';
import { sendBatEvent, getBatToken } from '../../../src/contract/analytics';
import { defineCall } from '../../../src/contract/define';
import { getMetafields } from '../../../src/contract/user';
import { ClubDb } from '../../../src/db/database';
import { kvGet, kvSet } from '../../../src/db/kv';
import { createSyncCore } from '../../../src/sync/core';
import { scriptedFetch, type Reply } from '../sync/support/fake-fetch';

// Calls of groups whose contract is still being written: the reactions go by path prefix.
const feedbackCall = defineCall({
  method: 'POST',
  path: '/api/feedback/get-offline-orders',
  auth: 'member',
  mutation: false,
  summary: '',
  request: z.object({ token: z.string() }),
  response: z.object({}),
});
const certCall = defineCall({
  method: 'POST',
  path: '/api/cert/get-cats',
  auth: 'member',
  mutation: false,
  summary: '',
  request: z.object({ token: z.string() }),
  response: z.object({}),
});

describe('docs/rules.md#error-reactions reactions: which failure does what', () => {
  const cases: Array<[string, string, number, string, ReturnType<typeof reactionTo>]> = [
    ['UNAUTHORIZED_IN_APP on a metafield call', '/api/user/get-metafields', 401, 'UNAUTHORIZED_IN_APP', 'force-logout'],
    ['UNAUTHORIZED_IN_APP on a certificate call', '/api/cert/create', 401, 'UNAUTHORIZED_IN_APP', 'force-logout'],
    ['errorType cert_unauthenticated', '/api/cert/get-cats', 200, 'cert_unauthenticated', 'clear-cert-token'],
    ['401 on a feedback call', '/api/feedback/send', 401, 'unauthenticated', 'clear-feedback-token'],
    [
      '401 on an analytics call',
      '/api/analytics/send-bat-event',
      401,
      'analytics_unauthenticated',
      'clear-analytics-token',
    ],
    ['401 elsewhere', '/api/scan/get-history', 401, 'unauthenticated', null],
    ['403 on a feedback call', '/api/feedback/send', 403, 'forbidden', null],
    ['500 on an analytics call', '/api/analytics/send-bat-event', 500, 'internal', null],
  ];
  for (const [name, path, status, code, expected] of cases) {
    it(`${name} → ${expected ?? 'nothing'}`, () => {
      expect(reactionTo({ path }, { status, code })).toBe(expected);
    });
  }
});

describe('docs/rules.md#error-reactions reactions wired once in the transport failure hook', () => {
  async function setup(reply: Reply) {
    const db = new ClubDb(`react-${Math.random()}`);
    await kvSet(db, 'pwaToken', 'member');
    for (const k of ['batToken', 'certToken', 'feedbackToken'] as const)
      await kvSet(db, k, { token: k, expiresAt: '2030-01-01T00:00:00Z' });
    const net = scriptedFetch(() => reply);
    const onSessionExpired = vi.fn();
    const core = createSyncCore({ db, apiKey: 'k', baseUrl: '', fetch: net.fetch, onSessionExpired });
    return { db, core, onSessionExpired, seen: net.seen };
  }

  it('sends the bearer token from the key-value store (pwaToken)', async () => {
    const { core, seen } = await setup({ status: 200, body: { token: 'b', expired_at: '2030-01-01T00:00:00Z' } });
    await core.transport.send(getBatToken, {});
    expect(seen[0]?.headers.authorization).toBe('Bearer member');
  });

  it('an analytics 401 clears the analytics token and nothing else', async () => {
    const { db, core } = await setup({
      status: 401,
      body: { error: { code: 'analytics_unauthenticated', message: 'x' } },
    });
    await expect(
      core.transport.send(sendBatEvent, { event: 'e', token: 'dead', data: { customer_id: 1, page_url: '/' } }),
    ).rejects.toThrow();
    expect(await kvGet(db, 'batToken')).toBeUndefined();
    expect(await kvGet(db, 'certToken')).toBeDefined();
    expect(await kvGet(db, 'feedbackToken')).toBeDefined();
  });

  it('a feedback 401 clears the feedback token', async () => {
    const { db, core } = await setup({ status: 401, body: { error: { code: 'unauthenticated', message: 'x' } } });
    await expect(core.transport.send(feedbackCall, { token: 'f' })).rejects.toThrow();
    expect(await kvGet(db, 'feedbackToken')).toBeUndefined();
    expect(await kvGet(db, 'batToken')).toBeDefined();
  });

  it('errorType cert_unauthenticated clears the certificate token and is not returned', async () => {
    const { db, core } = await setup({ status: 200, body: { errorType: 'cert_unauthenticated' } });
    await expect(core.transport.send(certCall, { token: 'c' })).rejects.toMatchObject({ code: 'cert_unauthenticated' });
    expect(await kvGet(db, 'certToken')).toBeUndefined();
  });

  it('UNAUTHORIZED_IN_APP forces a logout, outside the failing call', async () => {
    const { core, onSessionExpired } = await setup({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED_IN_APP', message: 'x' } },
    });
    await expect(core.transport.send(getMetafields, { id: 1 })).rejects.toMatchObject({ code: 'UNAUTHORIZED_IN_APP' });
    expect(onSessionExpired).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onSessionExpired).toHaveBeenCalledOnce());
  });
});
