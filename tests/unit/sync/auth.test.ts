// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { freshUntil, kvGet, kvSet } from '../../../src/db/kv';
import {
  AuthError,
  completeSignIn,
  confirmLoginCode,
  confirmRegistration,
  requestRegistrationCode,
  submitPhone,
  TRY_AGAIN,
} from '../../../src/sync/auth/actions';
import { OFFLINE_ONLY_MESSAGE } from '../../../src/sync/engine/online-only';
import { readSession } from '../../../src/sync/auth/session';
import { authHarness, customer, DEMO, OTHER, signedIn } from './support/auth-env';

const wrongCode = () => ({ status: 401, body: { error: { code: 'invalid_code', message: 'Спробуй ще раз' } } });

describe('sign-in (docs/rules.md#states SMS authentication, docs/rules.md#validation phones, docs/rules.md#roles allow-list)', () => {
  it('an allow-listed test phone signs in at once through test-login, its phone stripped to digits', async () => {
    const h = authHarness({
      handlers: { '/api/api-auth/test-login': () => ({ status: 200, body: signedIn({ age_verified: true }) }) },
    });
    const step = await submitPhone(h.env, '+380 (50) 000-00-01');
    expect(step.kind).toBe('signed-in');
    expect(h.bodyOf('/api/api-auth/test-login')).toEqual({ phone: DEMO });
    expect(h.paths()).not.toContain('/api/api-auth/login-sms');
    expect(await readSession(h.db)).toEqual({
      token: 'tok-1',
      customerIds: { glo: 101 },
      phone: DEMO,
      variant: 'glo',
      ageVerified: true,
    });
    // The cookie the guards read and the local session agree.
    expect(h.cookies.get('usertoken')).toBe('tok-1');
  });

  it('a test phone on a server with sign-in without SMS off (production) asks for an SMS code instead', async () => {
    const h = authHarness({
      handlers: {
        '/api/api-auth/test-login': () => ({
          status: 403,
          body: {
            error: {
              code: 'test_login_disabled',
              message: 'Вхід без SMS на цьому сервері вимкнено. Увійди з кодом із SMS',
            },
          },
        }),
        '/api/api-auth/login-sms': () => ({ status: 200, body: { sent: true, resendIn: 60, registered: true } }),
      },
    });
    expect(await submitPhone(h.env, DEMO)).toEqual({ kind: 'code-sent', phone: DEMO, resendIn: 60 });
    expect(h.bodyOf('/api/api-auth/login-sms')).toEqual({ phone: DEMO });
    expect(await readSession(h.db)).toBeNull();
  });

  it('any other phone asks for an SMS code; an unknown one is told to register', async () => {
    let registered = true;
    const h = authHarness({
      handlers: {
        '/api/api-auth/login-sms': () => ({
          status: 200,
          body: { sent: registered, resendIn: registered ? 60 : 0, registered },
        }),
      },
    });
    expect(await submitPhone(h.env, '067 123 45 67')).toEqual({ kind: 'code-sent', phone: OTHER, resendIn: 60 });
    expect(h.bodyOf('/api/api-auth/login-sms')).toEqual({ phone: OTHER });
    registered = false;
    expect(await submitPhone(h.env, OTHER)).toEqual({ kind: 'unregistered', phone: OTHER });
    expect(h.paths()).not.toContain('/api/api-auth/test-login');
    expect(h.cookies.get('usertoken')).toBeNull();
  });

  it('refuses a phone that is not a Ukrainian mobile without asking the server', async () => {
    const h = authHarness();
    await expect(submitPhone(h.env, '12345')).rejects.toMatchObject({ field: 'phone' });
    expect(h.seen).toHaveLength(0);
  });

  it('offline it says so clearly and sends nothing', async () => {
    const h = authHarness({ online: false });
    await expect(submitPhone(h.env, OTHER)).rejects.toThrow(OFFLINE_ONLY_MESSAGE);
    await expect(submitPhone(h.env, DEMO)).rejects.toThrow(OFFLINE_ONLY_MESSAGE);
    await expect(confirmLoginCode(h.env, OTHER, '123456')).rejects.toThrow(OFFLINE_ONLY_MESSAGE);
    expect(h.seen).toHaveLength(0);
  });

  it('a wrong code shows the server’s reason and signs nobody in', async () => {
    const h = authHarness({ handlers: { '/api/api-auth/confirm-sms': wrongCode } });
    for (let i = 0; i < 3; i += 1)
      await expect(confirmLoginCode(h.env, OTHER, '000000')).rejects.toMatchObject({
        message: 'Спробуй ще раз',
        code: 'invalid_code',
      });
    expect(await readSession(h.db)).toBeNull();
    expect(h.cookies.get('usertoken')).toBeNull();
  });

  it('confirm-sms without a customer is «Спробуй ще раз» (docs/rules.md#error-reactions)', async () => {
    const h = authHarness({
      handlers: {
        '/api/api-auth/confirm-sms': () => ({ status: 200, body: { ok: false, message: 'Спробуй ще раз' } }),
      },
    });
    await expect(confirmLoginCode(h.env, OTHER, '123456')).rejects.toThrow(TRY_AGAIN);
    await expect(confirmLoginCode(h.env, OTHER, '12')).rejects.toMatchObject({ field: 'code' });
    expect(await readSession(h.db)).toBeNull();
  });

  it('a code asked too soon (429, e.g. right after registering) is no code sent: the wait comes from Retry-After', async () => {
    const h = authHarness({
      handlers: {
        '/api/api-auth/login-sms': () => ({
          status: 429,
          headers: { 'retry-after': '42' },
          body: { error: { code: 'rate_limited', message: 'Новий код можна отримати за хвилину' } },
        }),
      },
    });
    expect(await submitPhone(h.env, OTHER)).toEqual({ kind: 'code-wait', phone: OTHER, resendIn: 42 });
  });

  it('the daily SMS limit (a wait of hours) is told as the error it is', async () => {
    const h = authHarness({
      handlers: {
        '/api/api-auth/login-sms': () => ({
          status: 429,
          headers: { 'retry-after': '50000' },
          body: { error: { code: 'rate_limited', message: 'Ліміт SMS на сьогодні вичерпано. Спробуй завтра' } },
        }),
      },
    });
    const err = await submitPhone(h.env, OTHER).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(err).toMatchObject({ retryAfterS: 50000, message: 'Ліміт SMS на сьогодні вичерпано. Спробуй завтра' });
  });

  it('stores the session, marks the token check fresh and queues the sign-in analytics', async () => {
    const h = authHarness({
      handlers: {
        '/api/api-auth/confirm-sms': () => ({
          status: 200,
          body: signedIn({ ogo_customer_id: 202, customer: customer({ id: 101, shopify_id: 101, phone: OTHER }) }),
        }),
      },
    });
    await confirmLoginCode(h.env, OTHER, '123456');
    expect((await readSession(h.db))?.customerIds).toEqual({ glo: 101, ogo: 202 });
    expect((await kvGet(h.db, 'memberRecords'))?.glo?.email).toBe('olena@example.com');
    expect(await freshUntil(h.db, 'tokenCheck')).toBe(h.clock.t + 20 * 60_000);
    const kinds = (await h.db.outbox.orderBy('seq').toArray()).map((e) => e.kind);
    expect(kinds).toEqual(['analytics-auth-bat', 'analytics-esputnik-login', 'analytics-esputnik-id']);
  });

  it('another person’s data on the device is cleared at sign-in; the same person keeps theirs', async () => {
    const h = authHarness();
    await completeSignIn(h.env, signedIn(), DEMO);
    await kvSet(h.db, 'deliveryAddress', { method: 1, city: 'Київ', branch: '1' });
    await completeSignIn(h.env, signedIn({ token: 'tok-2' }), DEMO);
    expect(await kvGet(h.db, 'deliveryAddress')).toBeDefined();
    await completeSignIn(
      h.env,
      signedIn({ token: 'tok-3', customer: customer({ id: 303, shopify_id: 303, phone: OTHER }) }),
      OTHER,
    );
    expect(await kvGet(h.db, 'deliveryAddress')).toBeUndefined();
    expect((await readSession(h.db))?.customerIds).toEqual({ glo: 303 });
    expect(h.cookies.get('usertoken')).toBe('tok-3');
  });

  it('once the session is stored, the page is told (its other tabs follow) and persistent storage is asked for', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { ...navigator, storage: { persisted: async () => false, persist } });
    try {
      const h = authHarness();
      const told: Array<string | null> = [];
      h.env.signedIn = () => void readSession(h.db).then((s) => told.push(s?.token ?? null));
      await completeSignIn(h.env, signedIn({ token: 'tok-9' }), DEMO);
      await vi.waitFor(() => expect(told).toEqual(['tok-9']));
      expect(persist).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('registration (docs/rules.md#validation age rule)', () => {
  const form = {
    first_name: 'Марія',
    last_name: 'Шевченко',
    email: 'Maria@Example.com',
    phone: '+380 67 123 45 67',
    birth_date: '2000-05-20',
    adult_confirmed: false,
    referrer: 'rew-olena7',
  };

  it('checks the form first: an under-18 birth date never reaches the server', async () => {
    const h = authHarness();
    await expect(requestRegistrationCode(h.env, { ...form, birth_date: '2015-01-01' })).rejects.toMatchObject({
      field: 'birth_date',
      code: 'underage',
    });
    await expect(
      requestRegistrationCode(h.env, { ...form, birth_date: null, adult_confirmed: false }),
    ).rejects.toMatchObject({ field: 'adult_confirmed' });
    expect(h.seen).toHaveLength(0);
  });

  it('sends the clean form (phone digits, e-mail lower-cased, invite code kept) and maps the server’s field errors', async () => {
    let taken = false;
    const h = authHarness({
      handlers: {
        '/api/api-auth/registration': () =>
          taken
            ? {
                status: 409,
                body: { error: { code: 'email_taken', message: 'Ця електронна пошта вже використовується' } },
              }
            : { status: 200, body: { sent: true, resendIn: 60 } },
      },
    });
    const r = await requestRegistrationCode(h.env, form);
    expect(r.resendIn).toBe(60);
    expect(h.bodyOf('/api/api-auth/registration')).toEqual({
      first_name: 'Марія',
      last_name: 'Шевченко',
      email: 'maria@example.com',
      phone: OTHER,
      birth_date: '2000-05-20',
      adult_confirmed: true,
      referrer: 'REW-OLENA7',
    });
    taken = true;
    await expect(requestRegistrationCode(h.env, form)).rejects.toMatchObject({ field: 'email', code: 'email_taken' });
  });

  it('the code signs the new member in; the mailing contact and the birth date are queued', async () => {
    const h = authHarness({
      handlers: {
        '/api/api-auth/registration': () => ({ status: 200, body: { sent: true, resendIn: 60 } }),
        '/api/api-auth/reg-auth': () => ({
          status: 200,
          body: signedIn({ customer: customer({ id: 404, shopify_id: 404, phone: OTHER, first_name: 'Марія' }) }),
        }),
      },
    });
    const { clean } = await requestRegistrationCode(h.env, form);
    await confirmRegistration(h.env, clean, '654321');
    expect(h.bodyOf('/api/api-auth/reg-auth')).toEqual({ phone: OTHER, code: '654321' });
    expect((await readSession(h.db))?.customerIds.glo).toBe(404);
    expect(await kvGet(h.db, 'birthDate')).toBe('2000-05-20');
    const entries = await h.db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.kind)).toEqual([
      'analytics-auth-bat',
      'analytics-esputnik-login',
      'analytics-esputnik-id',
      'analytics-esputnik-contact',
      'profile-metafield',
    ]);
    expect(entries.every((e) => e.account.customerId === 404)).toBe(true);
  });
});
