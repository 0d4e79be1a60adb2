import { describe, expect, it, vi } from 'vitest';
import { ClubDb } from '../../../src/db/database';
import { freshUntil, kvGet, kvSet } from '../../../src/db/kv';
import { completeSignIn } from '../../../src/sync/auth/actions';
import { createSyncCore } from '../../../src/sync/core';
import { webLock } from '../../../src/sync/engine/lock';
import {
  CERT_REGISTRATION,
  buyCertificate,
  ensureCertRegistration,
  pullCertCatalogue,
  revealCodes,
  startPinSetup,
} from '../../../src/sync/programme/cert';
import type { ProgrammeEnv } from '../../../src/sync/programme/env';
import { CERT_DOCS } from '../../../src/sync/programme/keys';
import { certificateToken } from '../../../src/sync/engine/tokens';
import { DEMO, authHarness, signedIn } from './support/auth-env';
import { scriptedFetch, type Reply, type SeenRequest } from './support/fake-fetch';

type Handler = (req: SeenRequest, body: Record<string, unknown>) => Reply | Promise<Reply>;
import { api, uniqueDbName } from './support/harness';
import { memoryLocks } from './support/memory-locks';

const HOUR = 3_600_000;
const certificate = {
  id: 31,
  partnerId: 7,
  partnerName: 'ТехноСвіт',
  categoryId: 1,
  logo: 'data:',
  nominal: 100,
  xpPrice: 120,
  status: 'active',
  created_at: '2026-03-01T10:00:00.000Z',
  expires_at: '2027-03-01T10:00:00.000Z',
  used_at: null,
  code: null,
};

/** A signed-in member over a scripted certificate service; tokens numbered as issued. */
async function certServer(over: Record<string, Handler> = {}) {
  let issued = 0;
  const h = authHarness({
    handlers: {
      '/api/cert/get-auth': () => ({
        status: 200,
        body: { token: `cert-${++issued}`, expired_at: new Date(h.clock.t + HOUR).toISOString() },
      }),
      '/api/cert/get-cats': () => ({ status: 200, body: [] }),
      '/api/cert/get-message': () => ({ status: 200, body: { title: 'Сертифікати', message: 'Текст' } }),
      '/api/cert/regist': () => ({
        status: 200,
        body: { registered: true, accountId: 'acc', registered_at: '2026-03-01T10:00:00.000Z' },
      }),
      '/api/cert/create': () => ({ status: 200, body: { certificate, balance: 380 } }),
      '/api/cert/pin/store': () => ({
        status: 200,
        body: { status: 'sms_sent', phone: '+380 50 *** ** 01', expires_at: '2026-03-01T10:10:00.000Z' },
      }),
      '/api/cert/pin/token': () => ({
        status: 200,
        body: { token: 'pin-tok', expired_at: new Date(h.clock.t + 5 * 60_000).toISOString() },
      }),
      '/api/cert/get-cert-list': (_r, b) => ({
        status: 200,
        body: {
          certificates: [{ ...certificate, code: b.pinToken ? 'TSV-AAAA-BBBB' : null }],
          revealed: Boolean(b.pinToken),
          pin: 'active',
        },
      }),
      '/api/user/get-user': () => ({
        status: 200,
        body: {
          customer: {
            id: 101,
            first_name: 'Олена',
            last_name: 'Коваль',
            email: 'olena@example.com',
            phone: DEMO,
            tags: [],
            orders_count: 0,
            total_spent: 0,
            note: '',
          },
          metafields: [],
        },
      }),
      '/api/get-balance': () => ({ status: 200, body: { balance: 380 } }),
      ...over,
    },
  });
  await completeSignIn(h.env, signedIn(), DEMO);
  const env: ProgrammeEnv = { ...h.env, outbox: h.outbox };
  const sent = (path: string) => h.seen.filter((r) => new URL(r.url, 'http://x').pathname === path);
  return {
    h,
    env,
    sent,
    bodies: (path: string) => sent(path).map((r) => JSON.parse(r.body ?? '{}') as Record<string, unknown>),
  };
}

describe('certificate token (docs/api.md#auth get-auth, docs/rules.md#constants: hourly date, kept until its expiry)', () => {
  it('is asked with the current hour and kept until its server expiry', async () => {
    const { h, env, bodies } = await certServer();
    h.clock.t = Date.parse('2026-03-01T10:37:12.000Z');
    expect(await certificateToken(env.db, env.transport, h.clock.t)).toBe('cert-1');
    expect(bodies('/api/cert/get-auth')).toEqual([{ date: '2026-03-01T10:00Z', hourly: true }]);
    h.clock.t += 30 * 60_000;
    expect(await certificateToken(env.db, env.transport, h.clock.t)).toBe('cert-1');
    // Within a minute of its expiry it is renewed, asked with the new hour.
    h.clock.t = Date.parse('2026-03-01T11:36:30.000Z');
    expect(await certificateToken(env.db, env.transport, h.clock.t)).toBe('cert-2');
    expect(bodies('/api/cert/get-auth')[1]).toEqual({ date: '2026-03-01T11:00Z', hourly: true });
    expect(await kvGet(env.db, 'certToken')).toMatchObject({ token: 'cert-2' });
  });

  it('cert_unauthenticated clears the stored token and the call is asked again with a new one (docs/rules.md#error-reactions)', async () => {
    let calls = 0;
    const { env, bodies } = await certServer({
      '/api/cert/get-cats': () =>
        ++calls === 1
          ? {
              status: 401,
              body: { error: { code: 'cert_unauthenticated', message: 'Сесія сертифікатів завершилась' } },
            }
          : { status: 200, body: [] },
    });
    expect(await pullCertCatalogue(env, 'glo')).toBe('pulled');
    expect(bodies('/api/cert/get-cats').map((b) => b.token)).toEqual(['cert-1', 'cert-2']);
    expect(await kvGet(env.db, 'certToken')).toMatchObject({ token: 'cert-2' });
    // The server sent no categories: the stored answer is empty, the screen shows the defaults (docs/rules.md#entities).
    expect((await env.db.docs.get(['glo', CERT_DOCS.categories]))?.value).toEqual([]);
  });

  it('UNAUTHORIZED_IN_APP on a certificate call logs the member out (docs/rules.md#error-reactions)', async () => {
    const db = new ClubDb(uniqueDbName('cert'));
    await kvSet(db, 'pwaToken', 'dead');
    await kvSet(db, 'customerIds', { glo: 101 });
    const net = scriptedFetch(
      api({
        '/api/cert/get-auth': () => ({
          status: 401,
          body: { error: { code: 'UNAUTHORIZED_IN_APP', message: 'Увійди знову' } },
        }),
      }),
    );
    const expired = vi.fn();
    const core = createSyncCore({
      db,
      apiKey: 'k',
      baseUrl: '',
      fetch: net.fetch,
      lock: webLock(memoryLocks().client('t')),
      onSessionExpired: expired,
    });
    await expect(certificateToken(db, core.transport, Date.now())).rejects.toMatchObject({
      code: 'UNAUTHORIZED_IN_APP',
    });
    await vi.waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
  });
});

describe('certificate registration (docs/api.md#certificates regist; the flag kept 3 days, docs/rules.md#constants)', () => {
  it('registers once with the member’s record, and again only after three days', async () => {
    const { h, env, bodies } = await certServer();
    await ensureCertRegistration(env, 'glo');
    await ensureCertRegistration(env, 'glo');
    expect(bodies('/api/cert/regist')).toEqual([
      { email: 'olena@example.com', first_name: 'Олена', last_name: 'Коваль', token: 'cert-1' },
    ]);
    expect(await freshUntil(env.db, CERT_REGISTRATION)).toBe(h.clock.t + 3 * 24 * HOUR);
    h.clock.t += 3 * 24 * HOUR - 1;
    await ensureCertRegistration(env, 'glo');
    expect(bodies('/api/cert/regist')).toHaveLength(1);
    h.clock.t += 1;
    await ensureCertRegistration(env, 'glo');
    expect(bodies('/api/cert/regist')).toHaveLength(2);
  });

  it('asks the member for the details the record lacks, and checks them before sending', async () => {
    const { env, sent } = await certServer();
    await kvSet(env.db, 'memberRecords', {
      glo: {
        id: 101,
        first_name: '',
        last_name: '',
        email: '',
        phone: DEMO,
        tags: [],
        orders_count: 0,
        total_spent: 0,
      },
    });
    await expect(ensureCertRegistration(env, 'glo')).rejects.toMatchObject({ code: 'cert_registration_needed' });
    await expect(
      ensureCertRegistration(env, 'glo', { email: 'not-an-email', first_name: 'О', last_name: 'К' }),
    ).rejects.toMatchObject({ field: 'email' });
    expect(sent('/api/cert/regist')).toHaveLength(0);
    await ensureCertRegistration(env, 'glo', {
      email: ' Olena@Example.com ',
      first_name: ' Олена ',
      last_name: 'Коваль',
    });
    expect(JSON.parse(sent('/api/cert/regist')[0]?.body ?? '{}')).toMatchObject({
      email: 'olena@example.com',
      first_name: 'Олена',
    });
  });
});

describe('buying a certificate with XP', () => {
  it('is refused before sending when the balance is short: a clear message, nothing spent', async () => {
    const { env, sent } = await certServer();
    await env.db.xpBalance.put({ variant: 'glo', balance: 100, fetchedAt: 0 });
    await expect(buyCertificate(env, 'glo', { partnerId: 7, nominal: 100, xpPrice: 120 })).rejects.toMatchObject({
      code: 'insufficient_xp',
      message: 'Недостатньо XP: бракує 20 XP. Нічого не списано',
    });
    expect(sent('/api/cert/create')).toHaveLength(0);
    expect(await env.db.outbox.where('kind').equals('cert-create').count()).toBe(0);
  });

  it('registers, buys once under one key, stores the new balance and the certificate first in the list', async () => {
    const { env, sent, bodies } = await certServer();
    await env.db.xpBalance.put({ variant: 'glo', balance: 500, fetchedAt: 0 });
    expect(await buyCertificate(env, 'glo', { partnerId: 7, nominal: 100, xpPrice: 120 })).toEqual({ state: 'bought' });
    expect(bodies('/api/cert/create')).toEqual([{ token: 'cert-1', partnerId: 7, nominal: 100 }]);
    expect(sent('/api/cert/create')[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent('/api/cert/regist')).toHaveLength(1);
    expect((await env.db.xpBalance.get('glo'))?.balance).toBe(380);
    const list = (await env.db.docs.get(['glo', CERT_DOCS.list]))?.value as { certificates: Array<{ id: number }> };
    expect(list.certificates.map((c) => c.id)).toEqual([31]);
    expect(await env.db.outbox.where('kind').equals('cert-create').count()).toBe(0);
  });

  it('says the server’s reason when it refuses, and leaves no failed entry behind', async () => {
    const { env } = await certServer({
      '/api/cert/create': () => ({
        status: 422,
        body: { error: { code: 'insufficient_xp', message: 'Недостатньо XP на балансі' } },
      }),
    });
    await env.db.xpBalance.put({ variant: 'glo', balance: 500, fetchedAt: 0 });
    await expect(buyCertificate(env, 'glo', { partnerId: 7, nominal: 100, xpPrice: 120 })).rejects.toMatchObject({
      message: 'Недостатньо XP на балансі',
    });
    expect(await env.db.outbox.where('kind').equals('cert-create').count()).toBe(0);
    expect((await env.db.xpBalance.get('glo'))?.balance).toBe(500);
  });

  it('is refused offline at once', async () => {
    const { h, env, sent } = await certServer();
    h.online.set(false);
    await expect(buyCertificate(env, 'glo', { partnerId: 7, nominal: 100, xpPrice: 120 })).rejects.toMatchObject({
      code: 'offline',
    });
    expect(sent('/api/cert/create')).toHaveLength(0);
  });
});

describe('the PIN flow', () => {
  it('refuses a PIN of the wrong length or a too simple one without sending', async () => {
    const { env, sent } = await certServer();
    await expect(startPinSetup(env, '123')).rejects.toMatchObject({ field: 'pin', message: 'PIN — це 4 цифри' });
    await expect(startPinSetup(env, '1234')).rejects.toMatchObject({ field: 'pin' });
    expect(sent('/api/cert/pin/store')).toHaveLength(0);
    expect(await startPinSetup(env, '2580')).toMatchObject({ phone: '+380 50 *** ** 01' });
  });

  it('the PIN token reveals the codes, kept only until it ends', async () => {
    const { h, env, bodies } = await certServer();
    await revealCodes(env, 'glo', '2580');
    expect(bodies('/api/cert/get-cert-list').at(-1)).toMatchObject({ pinToken: 'pin-tok' });
    const codes = (await env.db.docs.get(['glo', CERT_DOCS.codes]))?.value as {
      until: number;
      codes: Record<number, string>;
    };
    expect(codes).toEqual({ until: h.clock.t + 5 * 60_000, codes: { 31: 'TSV-AAAA-BBBB' } });
    // The list itself never stores a code.
    const list = (await env.db.docs.get(['glo', CERT_DOCS.list]))?.value as {
      certificates: Array<{ code: string | null }>;
    };
    expect(list.certificates.every((c) => c.code === null)).toBe(true);
  });
});
