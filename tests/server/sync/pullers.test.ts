import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackSend } from '../../../src/contract/feedback';
import { ClubDb } from '../../../src/db/database';
import { freshUntil, kvGet, kvSet } from '../../../src/db/kv';
import { createSyncCore, type SyncCore } from '../../../src/sync/core';
import { localFavouriteIds } from '../../../src/sync/mutations/shop/favourites-state';
import { mirrorsPuller } from '../../../src/sync/pullers/mirrors';
import { backgroundImportPuller, feedbackFlagsPuller, offlineOrdersPuller } from '../../../src/sync/pullers/feedback';
import { runPullers, type Puller } from '../../../src/sync/pullers/puller';
import { versionCheck } from '../../../src/sync/pullers/version-check';
import { APP_VERSION_KEY } from '../../../src/sync/auth/logout';
import { createMember, type TestMember } from '../../support/members';
import { API_KEY, makeTestServer, type TestServer } from '../../support/server';

let s: TestServer;
let m: TestMember;
let core: SyncCore;
const clock = { t: Date.parse('2026-11-23T10:00:00Z') };
beforeAll(async () => {
  s = await makeTestServer();
  m = await createMember(s);
  const db = new ClubDb(`pullers-${Date.now()}`);
  await kvSet(db, 'pwaToken', m.token);
  await kvSet(db, 'customerIds', { glo: m.glo.id, ogo: m.ogo.id });
  core = createSyncCore({
    db,
    apiKey: API_KEY,
    baseUrl: '',
    fetch: (url, init) => Promise.resolve(s.app.request(url, init)),
  });
});
afterAll(() => s.close());

const ctx = () => ({ db: core.db, transport: core.transport, now: () => clock.t, online: () => true });

describe('pullers against the real server (docs/rules.md#constants freshness)', () => {
  it('favourites and the cart, feedback flags, background import and offline orders land in Dexie, stamped fresh', async () => {
    await s.post(
      '/api/user/create-metafields',
      { namespace: 'pwa', key: 'favorites', type: 'json', value: '[11,12]', shopifyId: m.glo.id },
      m.token,
    );
    const list = [mirrorsPuller, feedbackFlagsPuller, backgroundImportPuller, offlineOrdersPuller] as ReadonlyArray<
      Puller<unknown>
    >;
    expect(await runPullers(list, ctx())).toEqual({
      mirrors: 'pulled',
      feedbackFlags: 'pulled',
      backgroundImport: 'pulled',
      offlineOrders: 'pulled',
    });
    expect((await localFavouriteIds(core.db, 'glo')).sort()).toEqual([11, 12]);
    const flags = await kvGet(core.db, 'feedbackFlags');
    expect(Object.keys(flags ?? {}).sort()).toEqual(['glo', 'ogo', 'velo']);
    expect(await kvGet(core.db, 'offlineOrders')).toMatchObject({
      showCan: expect.any(Boolean),
      orders: expect.any(Array),
    });
    expect(await freshUntil(core.db, 'feedbackFlags')).toBe(clock.t + 30 * 60_000);
    expect(await freshUntil(core.db, 'backgroundImport')).toBe(clock.t + 24 * 3_600_000);
    expect(await runPullers(list, ctx())).toEqual({
      mirrors: 'fresh',
      feedbackFlags: 'fresh',
      backgroundImport: 'fresh',
      offlineOrders: 'fresh',
    });
  });

  it('a dead feedback token is cleared by the reaction (docs/rules.md#error-reactions), and the next pull gets a new one', async () => {
    await kvSet(core.db, 'feedbackToken', { token: 'dead-token', expiresAt: '2099-01-01T00:00:00Z' });
    expect(await runPullers([offlineOrdersPuller] as ReadonlyArray<Puller<unknown>>, ctx(), true)).toEqual({
      offlineOrders: 'failed',
    });
    expect(await kvGet(core.db, 'feedbackToken')).toBeUndefined();
    expect(await runPullers([offlineOrdersPuller] as ReadonlyArray<Puller<unknown>>, ctx(), true)).toEqual({
      offlineOrders: 'pulled',
    });
  });

  it('the app version check reads POST /api/get-version', async () => {
    const m = new Map<string, string>([[APP_VERSION_KEY, '0.9.0']]);
    let reloaded = 0;
    const p = versionCheck({
      storage: { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) },
      clearCaches: async () => undefined,
      reload: () => void (reloaded += 1),
    });
    expect(await runPullers([p] as ReadonlyArray<Puller<unknown>>, ctx())).toEqual({ versionCheck: 'pulled' });
    expect(m.get(APP_VERSION_KEY)).toBe(s.config.APP_VERSION);
    expect(reloaded).toBe(1);
  });

  it('multipart calls carry the fields and files the server reads (feedback photos)', async () => {
    const token = (await s.get('/api/feedback/get-auth', {}, m.token)).body.token as string;
    const photo = new Blob(
      [new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1])],
      { type: 'image/jpeg' },
    );
    const err = await core.transport
      .send(
        feedbackSend,
        { orderId: '999999', rating: '5', text: 'Добре', shop: 'glo', token },
        { files: { photos: [photo] }, idempotencyKey: 'k-feedback-1' },
      )
      .catch((e: unknown) => e);
    // The form and its photo were read and accepted as an image: the order simply does not exist.
    expect(err).toMatchObject({ kind: 'http' });
    expect((err as { code: string }).code).not.toMatch(/invalid_body|photo_not_image|bad_request/);
    expect([404, 422]).toContain((err as { status: number }).status);
  });
});
