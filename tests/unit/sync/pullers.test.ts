import { describe, expect, it, vi } from 'vitest';
import { freshUntil, kvGet, kvSet } from '../../../src/db/kv';
import { APP_VERSION_KEY } from '../../../src/sync/auth/logout';
import { FRESH_FOR, untilExpiry } from '../../../src/sync/pullers/freshness';
import { runPuller, runPullers, type Puller } from '../../../src/sync/pullers/puller';
import { deleteAllCaches, versionCheck } from '../../../src/sync/pullers/version-check';
import { api, harness } from './support/harness';

function memoryStorage(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), map: m };
}

describe('freshness rules (docs/rules.md#constants)', () => {
  it('match the cookie lifetimes of docs/rules.md#constants', () => {
    expect(FRESH_FOR).toMatchObject({
      tokenCheck: 20 * 60_000,
      versionCheck: 300_000,
      menuLink: 1_800_000,
      feedbackFlag: 30 * 60_000,
      offlineOrders: 30 * 60_000,
      backgroundImport: 24 * 3_600_000,
      certificateRegistration: 3 * 86_400_000,
      veloId: 3_600_000,
      oralStatus: 3_600_000,
    });
  });
  it('other tokens stay fresh until their server expiry, less a minute', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(untilExpiry('2026-01-01T01:00:00Z', now)).toBe(now + 59 * 60_000);
    expect(untilExpiry('garbage', now)).toBe(now);
  });
});

describe('pullers', () => {
  it('write in one transaction with the stamp; until-expiry pullers take their time from the answer', async () => {
    const h = await harness();
    const p: Puller<{ token: string; expired_at: string }> = {
      name: 'bat',
      freshFor: 0,
      freshUntil: (v, now) => untilExpiry(v.expired_at, now),
      tables: [],
      fetch: async () => ({ token: 'b', expired_at: new Date(h.clock.t + 3_600_000).toISOString() }),
      write: async (v, db) => kvSet(db, 'batToken', { token: v.token, expiresAt: v.expired_at }),
    };
    const ctx = { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => true };
    expect(await runPullers([p as Puller<unknown>], ctx)).toEqual({ bat: 'pulled' });
    expect(await freshUntil(h.db, 'bat')).toBe(h.clock.t + 59 * 60_000);
    expect((await kvGet(h.db, 'batToken'))?.token).toBe('b');
    h.clock.t += 59 * 60_000 + 1;
    expect(await runPuller(p, ctx)).toBe('pulled');
  });
});

describe('app version check (docs/rules.md#states)', () => {
  async function setup(serverVersion: string, stored?: string) {
    const h = await harness({
      reply: api({ '/api/get-version': () => ({ status: 200, body: { version: serverVersion } }) }),
    });
    const storage = memoryStorage(stored ? { [APP_VERSION_KEY]: stored } : {});
    const env = { storage, clearCaches: vi.fn(async () => undefined), reload: vi.fn() };
    const ctx = { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => true };
    await kvSet(h.db, 'menuLink', 'https://menu');
    await kvSet(h.db, 'rulesCache', '<p>rules</p>');
    return { h, env, storage, ctx, puller: versionCheck(env) };
  }

  it('first check on a device only stores the version', async () => {
    const { env, storage, ctx, puller, h } = await setup('1.0.0');
    expect(await runPuller(puller, ctx)).toBe('pulled');
    expect(storage.map.get(APP_VERSION_KEY)).toBe('1.0.0');
    expect(env.reload).not.toHaveBeenCalled();
    expect(await kvGet(h.db, 'menuLink')).toBe('https://menu');
  });

  it('a changed version is stored, content flags cleared, all caches deleted, the page reloaded', async () => {
    const { env, storage, ctx, puller, h } = await setup('2.0.0', '1.0.0');
    expect(await runPuller(puller, ctx)).toBe('pulled');
    expect(JSON.parse(h.seen[0]!.body!)).toEqual({ current: '1.0.0' });
    expect(storage.map.get(APP_VERSION_KEY)).toBe('2.0.0');
    expect(await kvGet(h.db, 'menuLink')).toBeUndefined();
    expect(await kvGet(h.db, 'rulesCache')).toBeUndefined();
    expect(env.clearCaches).toHaveBeenCalledOnce();
    expect(env.reload).toHaveBeenCalledOnce();
  });

  it('keeps which services the server has on, for the screens that offer them', async () => {
    const providers = { card: false, sms: true, testLogin: false, ageCheck: false };
    const h = await harness({
      reply: api({ '/api/get-version': () => ({ status: 200, body: { version: '1.0.0', providers } }) }),
    });
    const env = { storage: memoryStorage(), clearCaches: vi.fn(async () => undefined), reload: vi.fn() };
    expect(
      await runPuller(versionCheck(env), {
        db: h.db,
        transport: h.transport,
        now: () => h.clock.t,
        online: () => true,
      }),
    ).toBe('pulled');
    expect(await kvGet(h.db, 'providers')).toEqual(providers);
  });

  it('runs at most once per 5 minutes, and never offline', async () => {
    const { ctx, puller, h } = await setup('1.0.0', '1.0.0');
    expect(await runPuller(puller, { ...ctx, online: () => false })).toBe('offline');
    expect(await runPuller(puller, ctx)).toBe('pulled');
    h.clock.t += 299_000;
    expect(await runPuller(puller, ctx)).toBe('fresh');
    h.clock.t += 1_001;
    expect(await runPuller(puller, ctx)).toBe('pulled');
    expect(h.seen).toHaveLength(2);
  });

  it('deletes every cache of Cache Storage', async () => {
    const names = ['a', 'b'];
    const deleted: string[] = [];
    await deleteAllCaches({
      keys: async () => names,
      delete: async (k: string) => (deleted.push(k), true),
    } as unknown as CacheStorage);
    expect(deleted).toEqual(names);
  });
});
