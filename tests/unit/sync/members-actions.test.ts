// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { kvGet, kvSet } from '../../../src/db/kv';
import { completeSignIn } from '../../../src/sync/auth/actions';
import {
  FIRST_SWITCH_OFFLINE,
  informServerOfLogout,
  memberAccounts,
  startEmailChange,
  confirmEmailChange,
  switchToVariant,
  verifyAge,
} from '../../../src/sync/auth/member';
import { LOGOUT_COOKIES, logout } from '../../../src/sync/auth/logout';
import { trackPageView } from '../../../src/sync/mutations/analytics/event';
import { trackOrderDevice } from '../../../src/sync/mutations/analytics/order-info';
import { saveDeliveryAddress } from '../../../src/sync/mutations/member/profile-metafield';
import { accountOf, readSession } from '../../../src/sync/auth/session';
import { authHarness, customer, RULES_LOGOUT_COOKIES, signedIn, type AuthHarness } from './support/auth-env';

const record = (over: Record<string, unknown> = {}) => {
  const { shopify_id: _s, ...r } = customer(over);
  return r;
};

function memberServer(extra: Parameters<typeof authHarness>[0] = {}): AuthHarness {
  return authHarness({
    ...extra,
    handlers: {
      '/api/api-auth/create-customer': () => ({ status: 200, body: { id: 202 } }),
      '/api/api-auth/get-ogo-token': () => ({
        status: 200,
        body: { token: 'ogo-tok', expired_at: '2030-01-01T00:00:00.000Z' },
      }),
      '/api/user/get-user': (_r, b) => ({
        status: 200,
        body: { customer: record({ id: b.id as number }), metafields: [] },
      }),
      '/api/get-balance': (r) => ({
        status: 200,
        body: { balance: new URL(r.url, 'http://x').searchParams.get('v') === 'ogo' ? 50 : 900 },
      }),
      '/api/invite/get-promo-code': () => ({
        status: 200,
        body: { msg: 'ok', consumer: { memberGetMemberCode: 'REW-ABC234' } },
      }),
      '/api/api-auth/logout': () => ({ status: 200, body: { ok: true } }),
      ...extra.handlers,
    },
  });
}

describe('variant switch (docs/rules.md#states, docs/rules.md#product separate accounts)', () => {
  it('a first switch to ogo creates the ogo record, flips the flag, clears menu link and rules, reloads the member with the ogo flag', async () => {
    const h = memberServer();
    await completeSignIn(h.env, signedIn(), '380500000001');
    await kvSet(h.db, 'menuLink', 'https://x');
    await kvSet(h.db, 'rulesCache', '<p>rules</p>');
    await switchToVariant(h.env, 'ogo');
    expect(h.bodyOf('/api/api-auth/create-customer')).toEqual({
      first_name: 'Олена',
      last_name: 'Коваль',
      email: 'olena@example.com',
      phone: '380500000001',
      tags: ['pwa_user'],
      note: '',
      variant: 'ogo',
    });
    const s = await readSession(h.db);
    expect(s).toMatchObject({ variant: 'ogo', customerIds: { glo: 101, ogo: 202 } });
    expect(await kvGet(h.db, 'menuLink')).toBeUndefined();
    expect(await kvGet(h.db, 'rulesCache')).toBeUndefined();
    expect(await kvGet(h.db, 'ogoAuthToken')).toMatchObject({ token: 'ogo-tok' });
    expect(h.paths()).toContain('/api/user/get-user');
    expect(h.seen.some((r) => r.url.includes('/api/user/get-user') && JSON.parse(r.body ?? '{}').ogo === true)).toBe(
      true,
    );
    // Each variant keeps its own XP and account: actions are now queued for the ogo record.
    expect((await h.db.xpBalance.get('glo'))?.balance).toBe(900);
    expect((await h.db.xpBalance.get('ogo'))?.balance).toBe(50);
    expect(await accountOf(h.db)).toEqual({ variant: 'ogo', customerId: 202 });
    await switchToVariant(h.env, 'glo');
    expect(h.paths().filter((p) => p === '/api/api-auth/create-customer')).toHaveLength(1);
    expect(await accountOf(h.db)).toEqual({ variant: 'glo', customerId: 101 });
  });

  it('on the second variant’s own host a sign-in lands in ogo, its record made when missing', async () => {
    const h = memberServer();
    await completeSignIn({ ...h.env, defaultVariant: 'ogo' }, signedIn(), '380500000001');
    expect(h.paths()).toContain('/api/api-auth/create-customer');
    expect(await readSession(h.db)).toMatchObject({ variant: 'ogo', customerIds: { glo: 101, ogo: 202 } });
  });

  it('offline: a member with an ogo record switches to what is stored; a first switch needs the network', async () => {
    const withOgo = memberServer();
    await completeSignIn(withOgo.env, signedIn({ ogo_customer_id: 202 }), '380500000001');
    withOgo.online.set(false);
    await switchToVariant(withOgo.env, 'ogo');
    expect((await readSession(withOgo.db))?.variant).toBe('ogo');
    expect(withOgo.paths().filter((p) => p !== '/api/api-auth/confirm-sms')).toEqual([]);

    const first = memberServer();
    await completeSignIn(first.env, signedIn(), '380500000001');
    first.online.set(false);
    await expect(switchToVariant(first.env, 'ogo')).rejects.toThrow(FIRST_SWITCH_OFFLINE);
    expect((await readSession(first.db))?.variant).toBe('glo');
  });

  it('the age check makes the member verified here and keeps the birth date on each record', async () => {
    let verified = false;
    const h = memberServer({
      handlers: {
        '/api/user/verify-age': () => {
          verified = true;
          return { status: 200, body: { age_verified: true, tags: ['pwa_user', 'age_verified'] } };
        },
        // The reload after the check reads the records as the server now has them.
        '/api/user/get-user': (_r, b) => ({
          status: 200,
          body: {
            customer: record({
              id: b.id as number,
              tags: verified && !b.ogo ? ['pwa_user', 'age_verified'] : ['pwa_user'],
            }),
            metafields: [],
          },
        }),
      },
    });
    await completeSignIn(h.env, signedIn({ ogo_customer_id: 202 }), '380500000001');
    await verifyAge(h.env, { method: 'document', birthDate: '1990-02-03', documentNumber: 'КА123456' });
    expect(h.bodyOf('/api/user/verify-age')).toEqual({
      method: 'document',
      birth_date: '1990-02-03',
      document_number: 'КА123456',
    });
    expect(await kvGet(h.db, 'ageVerified')).toBe(true);
    expect((await kvGet(h.db, 'memberRecords'))?.glo?.tags).toContain('age_verified');
    expect(await kvGet(h.db, 'birthDate')).toBe('1990-02-03');
    const entries = (await h.db.outbox.where('kind').equals('profile-metafield').toArray()).map(
      (e) => e.account.variant,
    );
    expect(entries.sort()).toEqual(['glo', 'ogo']);
  });

  it('e-mail change: the code request names the active record, in ogo with the ogo token; the confirmed address updates every record', async () => {
    const h = memberServer({
      handlers: {
        '/api/user/change-email': () => ({ status: 200, body: { sent: true, resendIn: 60 } }),
        '/api/user/confirm-email': () => ({ status: 200, body: { email: 'new@example.com' } }),
      },
    });
    await completeSignIn(h.env, signedIn({ ogo_customer_id: 202 }), '380500000001');
    await switchToVariant(h.env, 'ogo');
    await startEmailChange(h.env, 'New@Example.com');
    expect(h.bodyOf('/api/user/change-email')).toEqual({
      email: 'new@example.com',
      customer_id: 202,
      ogoAuthApiToken: 'ogo-tok',
    });
    await expect(startEmailChange(h.env, 'not-an-email')).rejects.toMatchObject({ field: 'email' });
    expect(await confirmEmailChange(h.env, '123456')).toBe('new@example.com');
    const records = (await kvGet(h.db, 'memberRecords')) ?? {};
    expect(Object.values(records).map((r) => r.email)).toEqual(['new@example.com', 'new@example.com']);
  });
});

describe('logout (docs/rules.md#states)', () => {
  it('informs the server with the token when online, then clears the listed cookies, every store and localStorage but the app version', async () => {
    const h = memberServer();
    await completeSignIn(h.env, signedIn(), '380500000001');
    await saveDeliveryAddress(h.db, await memberAccounts(h.env), { method: 1, city: 'Київ', branch: '№1' });
    localStorage.setItem('appVersion', '1.0.0');
    localStorage.setItem('inviteCode', 'REW-ABC234');
    const cleared: string[] = [];
    await logout(h.db, {
      clearCookie: (n) => {
        cleared.push(n);
        h.cookies.clear(n);
      },
      storage: localStorage,
      informServer: () => informServerOfLogout(h.env),
    });
    expect(h.bodyOf('/api/api-auth/logout')).toEqual({ token: 'tok-1' });
    expect(h.seen.find((r) => r.url.endsWith('/api/api-auth/logout'))?.headers.authorization).toBe('Bearer tok-1');
    expect(cleared).toEqual(RULES_LOGOUT_COOKIES);
    expect(cleared).toEqual([...LOGOUT_COOKIES]);
    expect(h.cookies.get('usertoken')).toBeNull();
    expect(await readSession(h.db)).toBeNull();
    for (const t of h.db.tables) expect(await t.count(), t.name).toBe(0);
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('appVersion')).toBe('1.0.0');
  });

  it('offline the server is not asked; the local logout still happens', async () => {
    const h = memberServer();
    await completeSignIn(h.env, signedIn(), '380500000001');
    h.online.set(false);
    await logout(h.db, { clearCookie: (n) => h.cookies.clear(n), informServer: () => informServerOfLogout(h.env) });
    expect(h.paths()).not.toContain('/api/api-auth/logout');
    expect(await readSession(h.db)).toBeNull();
  });
});

describe('analytics through the outbox (docs/api.md#user): counted later when offline', () => {
  it('queues the sign-in kinds, page views and order device info, and sends each body as the contract says', async () => {
    const h = memberServer({
      handlers: {
        '/api/analytics/auth-bat': () => ({ status: 200, body: { ok: true, id: 1 } }),
        '/api/analytics/esputnik-event-login': () => ({ status: 200, body: { ok: true, id: 2 } }),
        '/api/analytics/esputnik-send-id': () => ({ status: 200, body: { ok: true, id: 3 } }),
        '/api/analytics/pwa-add-order-info': () => ({ status: 200, body: { ok: true, id: 4 } }),
      },
    });
    await completeSignIn(h.env, signedIn({ ogo_customer_id: 202 }), '380500000001');
    const ogo = { variant: 'ogo' as const, customerId: 202 };
    await trackPageView(h.db, ogo, '/profile');
    await trackOrderDevice(
      h.db,
      { variant: 'glo', customerId: 101 },
      { orderId: 77, osName: 'Android', osVersion: '14', phoneBrand: 'x'.repeat(600), phoneModel: 'Pixel' },
    );
    expect((await h.db.outbox.orderBy('seq').toArray()).map((e) => e.kind)).toEqual([
      'analytics-auth-bat',
      'analytics-esputnik-login',
      'analytics-esputnik-id',
      'analytics-event',
      'analytics-order-info',
    ]);
    await h.outbox.replay({ force: true });
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.bodyOf('/api/analytics/auth-bat')).toEqual({ shopifyId: 101, event: 'login' });
    expect(h.bodyOf('/api/analytics/esputnik-event-login')).toEqual({
      phone: '380500000001',
      date: new Date(h.clock.t).toISOString(),
    });
    expect(h.bodyOf('/api/analytics/esputnik-send-id')).toEqual({
      id: 101,
      phone: '380500000001',
      email: 'olena@example.com',
    });
    expect(h.bodyOf('/api/analytics/send-bat-event')).toMatchObject({
      event: 'page_view',
      data: { customer_id: 202, page_url: '/profile' },
      ogo: true,
    });
    const info = h.bodyOf('/api/analytics/pwa-add-order-info');
    expect(info).toMatchObject({ transaction_id: 77, shopify_id: 101, os_name: 'Android', phone_model: 'Pixel' });
    expect(String(info.phone_brand)).toHaveLength(500);
  });
});

describe('profile fields through the outbox', () => {
  it('a refused address save puts the previous address back; a newer waiting save is kept', async () => {
    const h = memberServer({
      handlers: {
        '/api/user/create-metafields': () => ({
          status: 422,
          body: { error: { code: 'metafield_not_allowed', message: 'Це поле змінює лише клуб' } },
        }),
      },
    });
    await completeSignIn(h.env, signedIn(), '380500000001');
    const glo = [{ variant: 'glo' as const, customerId: 101 }];
    await kvSet(h.db, 'deliveryAddress', { method: 1, city: 'Київ', branch: '№1' });
    await saveDeliveryAddress(h.db, glo, { method: 2, city: 'Львів', street: 'Зелена', house: '5' });
    expect((await kvGet(h.db, 'deliveryAddress'))?.city).toBe('Львів');
    await h.outbox.replay({ force: true });
    expect((await kvGet(h.db, 'deliveryAddress'))?.city).toBe('Київ');
    const failed = await h.db.outbox.where('kind').equals('profile-metafield').toArray();
    expect(failed.map((e) => [e.state, e.lastError?.message])).toEqual([['failed', 'Це поле змінює лише клуб']]);
  });

  it('a refusal does not undo a newer save of the same field that is still waiting', async () => {
    const h = memberServer({
      handlers: {
        '/api/user/create-metafields': (_r, b) =>
          String(b.value).includes('Львів')
            ? { status: 422, body: { error: { code: 'invalid_value', message: 'Ні' } } }
            : {
                status: 200,
                body: { metafield: { id: 1, namespace: 'pwa', key: 'delivery_address', type: 'json', value: b.value } },
              },
      },
    });
    await completeSignIn(h.env, signedIn(), '380500000001');
    const glo = [{ variant: 'glo' as const, customerId: 101 }];
    await saveDeliveryAddress(h.db, glo, { method: 2, city: 'Львів', street: 'Зелена', house: '5' });
    await saveDeliveryAddress(h.db, glo, { method: 1, city: 'Одеса', branch: '№3' });
    await h.outbox.replay({ force: true });
    expect((await kvGet(h.db, 'deliveryAddress'))?.city).toBe('Одеса');
  });
});
