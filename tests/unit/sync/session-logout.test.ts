// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { kvGet, kvSet } from '../../../src/db/kv';
import { mutate } from '../../../src/sync/engine/enqueue';
import { APP_VERSION_KEY, LOGOUT_COOKIES, logout, prepareLogout, summarizeUnsent } from '../../../src/sync/auth/logout';
import { analyticsEvent, trackEvent } from '../../../src/sync/mutations/analytics/event';
import { toggleFavourite } from '../../../src/sync/mutations/shop/favourite-toggle';
import { pluralUk } from '../../../src/domain/format/plural';
import { saveScanCode } from '../../../src/sync/mutations/scan/code';
import { accountOf, readSession, saveSession, switchVariant } from '../../../src/sync/auth/session';
import { ClubDb } from '../../../src/db/database';
import { webLock } from '../../../src/sync/engine/lock';
import { manualOnline } from '../../../src/sync/engine/online';
import { createSyncRuntime } from '../../../src/sync/runtime';
import { scriptedFetch } from './support/fake-fetch';
import { RULES_LOGOUT_COOKIES } from './support/auth-env';
import { api, GLO, harness, uniqueDbName } from './support/harness';
import { memoryLocks } from './support/memory-locks';

describe('session (docs/rules.md#states, docs/rules.md#roles)', () => {
  it('is kept in the key-value store and gives the account of each variant', async () => {
    const h = await harness();
    await saveSession(h.db, {
      token: 'tok',
      customerIds: { glo: 11, ogo: 22 },
      phone: '380501234567',
      variant: 'glo',
      ageVerified: true,
    });
    expect(await readSession(h.db)).toEqual({
      token: 'tok',
      customerIds: { glo: 11, ogo: 22 },
      phone: '380501234567',
      variant: 'glo',
      ageVerified: true,
    });
    expect(await accountOf(h.db)).toEqual({ variant: 'glo', customerId: 11 });
    expect(await accountOf(h.db, 'velo')).toBeNull();
    await kvSet(h.db, 'menuLink', 'm');
    await switchVariant(h.db, 'ogo');
    expect(await accountOf(h.db)).toEqual({ variant: 'ogo', customerId: 22 });
    expect(await kvGet(h.db, 'menuLink')).toBeUndefined();
  });
});

describe('forced logout (docs/rules.md#error-reactions UNAUTHORIZED_IN_APP)', () => {
  it('clears everything, and reports what could not be sent', async () => {
    const db = new ClubDb(uniqueDbName('forced'));
    await kvSet(db, 'pwaToken', 'dead');
    const loggedOut = vi.fn();
    const rt = createSyncRuntime({
      db,
      apiKey: 'k',
      baseUrl: '',
      fetch: scriptedFetch(
        api({
          '/api/user/create-metafields': () => ({
            status: 401,
            body: { error: { code: 'UNAUTHORIZED_IN_APP', message: 'Потрібно увійти' } },
          }),
        }),
      ).fetch,
      lock: webLock(memoryLocks().client('f')),
      online: manualOnline(false),
      pullers: [],
      logoutEnv: { clearCookie: () => undefined },
      onLoggedOut: loggedOut,
      triggerEnv: { setTimer: () => null, clearTimer: () => undefined },
    });
    await toggleFavourite(db, GLO, 1);
    await rt.outbox.replay();
    await vi.waitFor(() => expect(loggedOut).toHaveBeenCalledOnce());
    expect(loggedOut.mock.calls[0]?.[0]).toMatchObject({ count: 1, message: '1 зміну обраного не надіслано' });
    expect(await kvGet(db, 'pwaToken')).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    rt.stop();
  });
});

describe('logout (docs/rules.md#states)', () => {
  it('plural forms of the warning', () => {
    expect([1, 2, 5, 11, 21, 22, 25, 112].map((n) => `${n} ${pluralUk(n, ['скан', 'скани', 'сканів'])}`)).toEqual([
      '1 скан',
      '2 скани',
      '5 сканів',
      '11 сканів',
      '21 скан',
      '22 скани',
      '25 сканів',
      '112 сканів',
    ]);
  });

  it('first sends what waits; nothing left means nothing to warn about', async () => {
    const h = await harness();
    await trackEvent(h.db, GLO, { event: 'e', pageUrl: '/' });
    const summary = await prepareLogout(h.outbox, h.registry, true);
    expect(summary).toEqual({ count: 0, byKind: [], message: null });
  });

  it('offline, reports how many of what kind would be lost: «3 скани, 1 зміну обраного не надіслано»', async () => {
    const h = await harness({ reply: () => 'network-error' });
    for (const n of [1, 2, 3]) await saveScanCode(h.db, GLO, `0f8fad5b-d9cb-469f-a165-70867728950${n}`, 'camera');
    await toggleFavourite(h.db, GLO, 1);
    const summary = await prepareLogout(h.outbox, h.registry, false);
    expect(h.seen).toHaveLength(0);
    expect(summary.count).toBe(4);
    expect(summary.message).toBe('3 скани, 1 зміну обраного не надіслано');
  });

  it('still online but failing: tries, then reports', async () => {
    const h = await harness({ reply: api({ '/api/analytics/send-bat-event': () => 'network-error' }) });
    await mutate(h.db, analyticsEvent, { account: GLO, change: () => ({ event: 'e', pageUrl: '/' }) });
    const summary = await prepareLogout(h.outbox, h.registry, true);
    expect(h.sends()).toHaveLength(1);
    expect(summary.message).toBe('1 подію аналітики не надіслано');
    expect(summarizeUnsent([], h.registry).message).toBeNull();
  });

  it('clears the listed cookies, every store, and localStorage except the app version', async () => {
    const h = await harness();
    await toggleFavourite(h.db, GLO, 1);
    localStorage.setItem(APP_VERSION_KEY, '1.2.3');
    localStorage.setItem('installPromptDismissed', '1');
    localStorage.setItem('other', 'x');
    const cleared: string[] = [];
    const informServer = vi.fn(async () => Promise.reject(new Error('offline')));
    await logout(h.db, { clearCookie: (n) => cleared.push(n), storage: localStorage, informServer });
    expect(informServer).toHaveBeenCalledOnce();
    expect(cleared).toEqual(RULES_LOGOUT_COOKIES);
    expect(cleared).toEqual([...LOGOUT_COOKIES]);
    for (const t of h.db.tables) expect(await t.count(), t.name).toBe(0);
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem(APP_VERSION_KEY)).toBe('1.2.3');
  });

  it('empties sessionStorage; forgets the copies outside the database last, once the stores are empty (another tab then reloads into no session); a failure there stops nothing', async () => {
    const h = await harness();
    await toggleFavourite(h.db, GLO, 1);
    sessionStorage.setItem('cartReferrer', '/shop/sticks');
    sessionStorage.setItem('checkout-started:1042', '1');
    const steps: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await logout(h.db, {
      clearCookie: (n) => steps.push(`cookie ${n}`),
      session: sessionStorage,
      forgetCopies: async () => {
        steps.push(`copies (favourites: ${await h.db.favourites.count()}, sessionStorage: ${sessionStorage.length})`);
        throw new Error('no service worker');
      },
    });
    warn.mockRestore();
    expect(steps).toEqual([...LOGOUT_COOKIES.map((n) => `cookie ${n}`), 'copies (favourites: 0, sessionStorage: 0)']);
    for (const t of h.db.tables) expect(await t.count(), t.name).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
