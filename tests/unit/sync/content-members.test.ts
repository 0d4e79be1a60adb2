import { describe, expect, it } from 'vitest';
import { kvGet, kvSet } from '../../../src/db/kv';
import { BOT_VISIT_KEY } from '../../../src/domain/club/bot-visit';
import { AuthError, completeSignIn } from '../../../src/sync/auth/actions';
import { brandSiteLink, logoutEverywhere, veloTestDriveLink } from '../../../src/sync/auth/member';
import { OFFLINE_ONLY_MESSAGE } from '../../../src/sync/engine/online-only';
import { authHarness, DEMO, signedIn } from './support/auth-env';

function storage(entries: Record<string, string> = {}) {
  const m = new Map(Object.entries(entries));
  return {
    getItem: (k: string) => m.get(k) ?? null,
    removeItem: (k: string) => void m.delete(k),
    has: (k: string) => m.has(k),
  };
}

describe('send-bot-stat (docs/api.md#auth): a sign-in that came from the chat bot is counted once', () => {
  it('queues bot-stat with the phone and the glo record id, and forgets the visit', async () => {
    const visits = storage({ [BOT_VISIT_KEY]: '1' });
    const h = authHarness();
    await completeSignIn({ ...h.env, visits }, signedIn(), DEMO);
    const entries = await h.db.outbox.where('kind').equals('bot-stat').toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ payload: { phone: DEMO }, account: { variant: 'glo', customerId: 101 } });
    expect(visits.has(BOT_VISIT_KEY)).toBe(false);
    await completeSignIn({ ...h.env, visits }, signedIn(), DEMO);
    expect(await h.db.outbox.where('kind').equals('bot-stat').count()).toBe(1);
  });

  it('a sign-in from anywhere else queues none', async () => {
    const h = authHarness();
    await completeSignIn({ ...h.env, visits: storage() }, signedIn(), DEMO);
    expect(await h.db.outbox.where('kind').equals('bot-stat').count()).toBe(0);
  });
});

describe('members’ links and sessions (docs/api.md#auth mlogin-glo, mlogin, get-velo-user, token-clear)', () => {
  it('the glo website signed in: a single-use mlogin-glo link; on ogo, mlogin with the ogo token and {product}', async () => {
    const h = authHarness({
      handlers: {
        '/api/api-auth/mlogin-glo': () => ({
          status: 200,
          body: { url: 'https://club.test/sandbox/glo-site?ticket=g' },
        }),
        '/api/api-auth/get-ogo-token': () => ({
          status: 200,
          body: { token: 'ogo-tok', expired_at: '2030-01-01T00:00:00.000Z' },
        }),
        '/api/mlogin': () => ({ status: 200, body: { url: 'https://club.test/sandbox/ogo-store?ticket=o' } }),
      },
    });
    await completeSignIn(h.env, signedIn({ ogo_customer_id: 202 }), DEMO);
    expect(await brandSiteLink(h.env, '/cart')).toBe('https://club.test/sandbox/glo-site?ticket=g');
    expect(h.bodyOf('/api/api-auth/mlogin-glo')).toEqual({ return_to: '/cart' });
    await kvSet(h.db, 'variant', 'ogo');
    expect(await brandSiteLink(h.env)).toBe('https://club.test/sandbox/ogo-store?ticket=o');
    expect(h.bodyOf('/api/mlogin')).toMatchObject({ ogo: true, return_to: '/', ogoAuthApiToken: 'ogo-tok' });
  });

  it('the velo test drive link comes fresh from get-velo-user, and only when the member has the slide', async () => {
    let slide = true;
    const h = authHarness({
      handlers: {
        '/api/user/get-velo-user': () => ({
          status: 200,
          body: {
            shopifyId: 303,
            first_name: 'О',
            last_name: 'К',
            email: 'e@x.ua',
            apiToken: 'v',
            showTdSlide: slide,
            tdMultipass: slide ? 'https://club.test/sandbox/velo-store?ticket=t' : null,
          },
        }),
      },
    });
    await completeSignIn(h.env, signedIn(), DEMO);
    expect(await veloTestDriveLink(h.env)).toBe('https://club.test/sandbox/velo-store?ticket=t');
    slide = false;
    expect(await veloTestDriveLink(h.env)).toBeNull();
  });

  it('signing out everywhere revokes every token (token-clear), then logs this device out without telling the server twice', async () => {
    const h = authHarness({
      handlers: { '/api/api-auth/token-clear': () => ({ status: 200, body: { ok: true, revoked: 3 } }) },
    });
    await completeSignIn(h.env, signedIn(), DEMO);
    let loggedOut = 0;
    expect(await logoutEverywhere(h.env, async () => void (loggedOut += 1))).toBe(3);
    expect(h.paths()).toContain('/api/api-auth/token-clear');
    expect(loggedOut).toBe(1);
    expect(await kvGet(h.db, 'pwaToken')).toBeUndefined();
  });

  it('offline, signing out everywhere changes nothing and says why', async () => {
    const h = authHarness();
    await completeSignIn(h.env, signedIn(), DEMO);
    h.online.set(false);
    let loggedOut = 0;
    const err = await logoutEverywhere(h.env, async () => void (loggedOut += 1)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect((err as AuthError).message).toBe(OFFLINE_ONLY_MESSAGE);
    expect(loggedOut).toBe(0);
    expect(await kvGet(h.db, 'pwaToken')).toBe('tok-1');
  });
});
