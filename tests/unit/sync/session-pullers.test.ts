import { describe, expect, it, vi } from 'vitest';
import { kvGet, kvSet } from '../../../src/db/kv';
import { completeSignIn } from '../../../src/sync/auth/actions';
import { readSession, saveSession } from '../../../src/sync/auth/session';
import { pullContext } from '../../../src/sync/auth/member';
import { saveDeliveryAddress } from '../../../src/sync/mutations/member/profile-metafield';
import { legalPagePullers } from '../../../src/sync/pullers/content-pages';
import { runPuller } from '../../../src/sync/pullers/puller';
import { memberPuller } from '../../../src/sync/pullers/session-member';
import { tokenCheckPuller } from '../../../src/sync/pullers/session-token-check';
import { authHarness, customer, signedIn } from './support/auth-env';

const record = (over: Record<string, unknown> = {}) => {
  const { shopify_id: _s, ...r } = customer(over);
  return r;
};

describe('token check (docs/rules.md#states: cached 20 minutes; 200 without a token logs out)', () => {
  it('keeps a live session and asks again only after 20 minutes', async () => {
    const h = authHarness({
      handlers: {
        '/api/api-auth/check-token': () => ({
          status: 200,
          body: { code: 200, token: 'tok-1', expired_at: '2030-01-01T00:00:00.000Z' },
        }),
      },
    });
    await completeSignIn(h.env, signedIn({ ogo_customer_id: 202 }), '380500000001');
    const logout = vi.fn(async () => undefined);
    const p = tokenCheckPuller({ userCookie: () => h.cookies.get('usertoken'), logout });
    // Sign-in stamped it fresh: the token was just issued.
    expect(await runPuller(p, pullContext(h.env))).toBe('fresh');
    h.clock.t += 20 * 60_000 + 1;
    expect(await runPuller(p, pullContext(h.env))).toBe('pulled');
    expect(h.bodyOf('/api/api-auth/check-token')).toEqual({ gloShopId: 101, ogoShopId: 202 });
    expect(h.seen.find((r) => r.url.endsWith('check-token'))?.headers.authorization).toBe('Bearer tok-1');
    expect(logout).not.toHaveBeenCalled();
  });

  it('an answer code 200 without a token logs the member out', async () => {
    const h = authHarness({ handlers: { '/api/api-auth/check-token': () => ({ status: 200, body: { code: 200 } }) } });
    await completeSignIn(h.env, signedIn(), '380500000001');
    const logout = vi.fn(async () => undefined);
    expect(await runPuller(tokenCheckPuller({ userCookie: () => 'tok-1', logout }), pullContext(h.env), true)).toBe(
      'pulled',
    );
    expect(logout).toHaveBeenCalledOnce();
  });

  it('a usertoken cookie without a session on the device (its database wiped) is made a session again from its token', async () => {
    const h = authHarness({
      handlers: {
        '/api/user/get-user-by-phone': (r) =>
          new URL(r.url, 'http://x').searchParams.get('ogo')
            ? { status: 200, body: { customer: record({ id: 202, tags: ['pwa_user'] }), metafields: [] } }
            : {
                status: 200,
                body: { customer: record({ id: 101, tags: ['pwa_user', 'age_verified'] }), metafields: [] },
              },
      },
    });
    const logout = vi.fn(async () => undefined);
    const p = tokenCheckPuller({ userCookie: () => 'tok-7', logout, lastVariant: () => 'ogo' });
    expect(await runPuller(p, pullContext(h.env))).toBe('pulled');
    expect(logout).not.toHaveBeenCalled();
    expect(await readSession(h.db)).toEqual({
      token: 'tok-7',
      customerIds: { glo: 101, ogo: 202 },
      phone: '380500000001',
      variant: 'ogo',
      ageVerified: true,
    });
    expect((await kvGet(h.db, 'memberRecords'))?.glo?.first_name).toBe('Олена');
    expect(h.seen.every((r) => r.headers.authorization === 'Bearer tok-7')).toBe(true);
  });

  it('the ogo record is asked for only when the device last showed ogo (the call would make one)', async () => {
    const h = authHarness({
      handlers: {
        '/api/user/get-user-by-phone': () => ({ status: 200, body: { customer: record({ id: 101 }), metafields: [] } }),
      },
    });
    const logout = vi.fn(async () => undefined);
    await runPuller(
      tokenCheckPuller({ userCookie: () => 'tok-7', logout, lastVariant: () => null }),
      pullContext(h.env),
    );
    expect(h.paths()).toEqual(['/api/user/get-user-by-phone']);
    expect((await readSession(h.db))?.customerIds).toEqual({ glo: 101 });
  });

  it('a cookie the server does not know is no sign-in: logged out; a failure that may pass logs nobody out', async () => {
    const h = authHarness({
      handlers: {
        '/api/user/get-user-by-phone': () => ({
          status: 401,
          body: { error: { code: 'unauthorized', message: 'Потрібно увійти' } },
        }),
      },
    });
    const logout = vi.fn(async () => undefined);
    expect(await runPuller(tokenCheckPuller({ userCookie: () => 'tok-dead', logout }), pullContext(h.env))).toBe(
      'pulled',
    );
    expect(logout).toHaveBeenCalledOnce();
    expect(await readSession(h.db)).toBeNull();
    const down = authHarness({
      handlers: {
        '/api/user/get-user-by-phone': () => ({
          status: 503,
          body: { error: { code: 'database_unavailable', message: 'x' } },
        }),
      },
    });
    const none = vi.fn(async () => undefined);
    expect(await runPuller(tokenCheckPuller({ userCookie: () => 'tok-7', logout: none }), pullContext(down.env))).toBe(
      'failed',
    );
    expect(none).not.toHaveBeenCalled();
    // Neither cookie nor session: nothing to check.
    expect(
      await runPuller(tokenCheckPuller({ userCookie: () => null, logout: none }), pullContext(authHarness().env)),
    ).toBe('nothing');
    expect(none).not.toHaveBeenCalled();
  });

  it('a sign-in under way (its cookie set, its session being stored) is not taken for a cookie without a session', async () => {
    const h = authHarness();
    const logout = vi.fn(async () => undefined);
    let storing: Promise<void> | null = null;
    // The check read no session; then, before it looks at the cookie, a sign-in sets the cookie and
    // starts storing its session, as completeSignIn does.
    const userCookie = () => {
      h.cookies.set('usertoken', 'tok-2', 3600);
      storing ??= saveSession(h.db, {
        token: 'tok-2',
        customerIds: { glo: 102 },
        phone: '380500000002',
        variant: 'glo',
        ageVerified: false,
      });
      return 'tok-2';
    };
    await runPuller(tokenCheckPuller({ userCookie, logout }), pullContext(h.env));
    await storing;
    expect(logout).not.toHaveBeenCalled();
    expect(h.seen).toHaveLength(0);
  });

  it('offline it is skipped and nobody is logged out', async () => {
    const h = authHarness({ online: false });
    const logout = vi.fn(async () => undefined);
    expect(await runPuller(tokenCheckPuller({ userCookie: () => 'tok-1', logout }), pullContext(h.env))).toBe(
      'offline',
    );
    expect(logout).not.toHaveBeenCalled();
  });
});

describe('member puller (records of both variants, XP, docs/rules.md#validation age rule)', () => {
  function server(
    ogoMetafields: Array<{ namespace: string; key: string; value: string }>,
    gloTags: string[] = ['pwa_user'],
  ) {
    return authHarness({
      handlers: {
        '/api/user/get-user': (_r, b) => ({
          status: 200,
          body: b.ogo
            ? {
                customer: record({ id: 202, tags: ['pwa_user'] }),
                metafields: ogoMetafields.map((m, i) => ({ id: i + 1, type: 'json', ...m })),
              }
            : {
                customer: record({ id: 101, tags: gloTags }),
                metafields: [
                  {
                    id: 9,
                    namespace: 'pwa',
                    key: 'delivery_address',
                    type: 'json',
                    value: '{"method":2,"city":"Львів","street":"Зелена","house":"5"}',
                  },
                ],
              },
        }),
        '/api/get-balance': (r) => ({
          status: 200,
          body: { balance: new URL(r.url, 'http://x').searchParams.get('v') === 'ogo' ? 532 : 3130 },
        }),
        '/api/invite/get-promo-code': () => ({
          status: 200,
          body: { msg: 'ok', consumer: { memberGetMemberCode: 'REW-ABC234' } },
        }),
      },
    });
  }

  it('stores both records, both balances, the invite code and the address metafield', async () => {
    const h = server([]);
    await completeSignIn(h.env, signedIn({ ogo_customer_id: 202 }), '380500000001');
    expect(await runPuller(memberPuller, pullContext(h.env), true)).toBe('pulled');
    expect(h.bodyOf('/api/user/get-user', 1)).toEqual({ id: 202, ogo: true });
    expect(await h.db.xpBalance.get('glo')).toMatchObject({ balance: 3130 });
    expect(await h.db.xpBalance.get('ogo')).toMatchObject({ balance: 532 });
    expect(Object.keys((await kvGet(h.db, 'memberRecords')) ?? {})).toEqual(['glo', 'ogo']);
    expect(await kvGet(h.db, 'mgmCode')).toBe('REW-ABC234');
    expect(await kvGet(h.db, 'deliveryAddress')).toEqual({ method: 2, city: 'Львів', street: 'Зелена', house: '5' });
  });

  it('age verified by the ogo metafield only in the namespace verification (docs/rules.md#validation)', async () => {
    const wrongNs = server([{ namespace: 'pwa', key: 'age_verified', value: 'true' }]);
    await completeSignIn(wrongNs.env, signedIn({ ogo_customer_id: 202, age_verified: true }), '380500000001');
    await runPuller(memberPuller, pullContext(wrongNs.env), true);
    expect(await kvGet(wrongNs.db, 'ageVerified')).toBe(false);
    const right = server([{ namespace: 'verification', key: 'age_verified', value: 'true' }]);
    await completeSignIn(right.env, signedIn({ ogo_customer_id: 202 }), '380500000001');
    await runPuller(memberPuller, pullContext(right.env), true);
    expect(await kvGet(right.db, 'ageVerified')).toBe(true);
    const tagged = server([], ['pwa_user', 'age_verified']);
    await completeSignIn(tagged.env, signedIn({ ogo_customer_id: 202 }), '380500000001');
    await runPuller(memberPuller, pullContext(tagged.env), true);
    expect(await kvGet(tagged.db, 'ageVerified')).toBe(true);
  });

  it('while a save of the address waits, the local address stays the truth', async () => {
    const h = server([]);
    await completeSignIn(h.env, signedIn({ ogo_customer_id: 202 }), '380500000001');
    // Queued, not sent yet (nothing replays the outbox here): the server still has Львів.
    await saveDeliveryAddress(h.db, [{ variant: 'glo', customerId: 101 }], {
      method: 1,
      city: 'Одеса',
      branch: 'Відділення №3',
    });
    await runPuller(memberPuller, pullContext(h.env), true);
    expect(await kvGet(h.db, 'deliveryAddress')).toEqual({ method: 1, city: 'Одеса', branch: 'Відділення №3' });
  });
});

describe('content pages (user agreement public, rules for age-verified members only)', () => {
  it('pulls the agreement signed out, and the rules only once the member is verified', async () => {
    const h = authHarness({
      handlers: {
        '/api/content/get-page-by-id': (_r, b) => ({
          status: 200,
          body: { id: b.id, title: 't', body_html: `<h3>page ${String(b.id)}</h3>` },
        }),
      },
    });
    const [agreement, agreementOgo, rules, rulesOgo] = legalPagePullers;
    expect(await runPuller(agreement, pullContext(h.env))).toBe('pulled');
    // Signed out, the start-up list asks once (glo), not once per variant.
    expect(await runPuller(agreementOgo, pullContext(h.env))).toBe('nothing');
    expect(await runPuller(rules, pullContext(h.env))).toBe('nothing');
    expect((await h.db.contentPages.get(['glo', '1003']))?.bodyHtml).toBe('<h3>page 1003</h3>');
    await completeSignIn(h.env, signedIn({ age_verified: true, ogo_customer_id: 202 }), '380500000001');
    await kvSet(h.db, 'variant', 'ogo');
    // Each variant's page is its own puller: the glo one waits while ogo is active.
    expect(await runPuller(rules, pullContext(h.env))).toBe('nothing');
    expect(await runPuller(rulesOgo, pullContext(h.env))).toBe('pulled');
    expect(h.bodyOf('/api/content/get-page-by-id', 1)).toEqual({ id: 1002, ogo: true });
    expect(await h.db.contentPages.get(['ogo', '1002'])).toBeDefined();
  });
});
