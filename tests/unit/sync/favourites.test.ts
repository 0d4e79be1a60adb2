import { describe, expect, it } from 'vitest';
import { kvGet } from '../../../src/db/kv';
import { toggleFavourite } from '../../../src/sync/mutations/favourite-toggle';
import { applyToggle, localFavouriteIds, parseFavouriteIds } from '../../../src/sync/mutations/favourites-state';
import { favouritesPuller } from '../../../src/sync/pullers/favourites';
import { runPuller } from '../../../src/sync/pullers/puller';
import type { Reply } from './support/fake-fetch';
import { api, GLO, harness, OGO } from './support/harness';

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('favourites toggle (spec §4: the pwa/favorites metafield)', () => {
  it('pure helpers: toggling and reading the metafield value', () => {
    expect(applyToggle([1, 2], { productId: 3, on: true })).toEqual([1, 2, 3]);
    expect(applyToggle([1, 2], { productId: 1, on: false })).toEqual([2]);
    expect(applyToggle([1, 2], { productId: 2, on: true })).toEqual([1, 2]);
    expect(parseFavouriteIds('[3,"x",4.5,5]')).toEqual([3, 5]);
    expect(parseFavouriteIds('{oops')).toEqual([]);
    expect(parseFavouriteIds('{"a":1}')).toEqual([]);
  });

  it('offline toggles replay one by one; the server ends with the local list', async () => {
    const h = await harness();
    await toggleFavourite(h.db, GLO, 1);
    await toggleFavourite(h.db, GLO, 2);
    await toggleFavourite(h.db, GLO, 1);
    await toggleFavourite(h.db, OGO, 9);
    expect(sorted(await localFavouriteIds(h.db, 'glo'))).toEqual([2]);
    await h.outbox.replay();
    expect(h.sends().map((s) => [s.body.shopifyId, s.body.value])).toEqual([
      [101, '[1]'],
      [101, '[1,2]'],
      [101, '[2]'],
      [202, '[9]'],
    ]);
    expect((await kvGet(h.db, 'favouritesConfirmed'))?.lists).toEqual({ glo: [2], ogo: [9] });
    expect(sorted(await localFavouriteIds(h.db, 'glo'))).toEqual([2]);
  });

  it('a refused toggle is undone without losing the toggles queued after it', async () => {
    let n = 0;
    const h = await harness({
      reply: api({
        '/api/user/create-metafields': (_r, b): Reply =>
          ++n === 2 ? { status: 422, body: { error: { code: 'too_many', message: 'Забагато обраних' } } } : { status: 200, body: { metafield: { id: 1, namespace: 'pwa', key: 'favorites', value: b.value, type: 'json' } } },
      }),
    });
    await toggleFavourite(h.db, GLO, 1); // accepted: [1]
    await toggleFavourite(h.db, GLO, 2); // refused
    await toggleFavourite(h.db, GLO, 3); // accepted: [1,3]
    await toggleFavourite(h.db, GLO, 2); // accepted as "off 2": [1,3]
    await h.outbox.replay();
    expect(h.sends().map((s) => s.body.value)).toEqual(['[1]', '[1,2]', '[1,3]', '[1,3]']);
    expect(sorted(await localFavouriteIds(h.db, 'glo'))).toEqual([1, 3]);
    expect(await h.db.outbox.where('state').equals('failed').count()).toBe(1);
  });
});

describe('favourites puller', () => {
  const metafields = (value: string) => ({ status: 200, body: { metafields: [{ id: 1, namespace: 'pwa', key: 'favorites', value, type: 'json' }] } }) as Reply;

  it('writes the server list when nothing waits, and leaves local state alone while toggles wait', async () => {
    const h = await harness({ reply: api({ '/api/user/get-metafields': () => metafields('[5,6]') }) });
    const ctx = { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => true };
    expect(await runPuller(favouritesPuller, ctx)).toBe('pulled');
    expect(sorted(await localFavouriteIds(h.db, 'glo'))).toEqual([5, 6]);
    expect(await runPuller(favouritesPuller, ctx)).toBe('fresh');

    await toggleFavourite(h.db, GLO, 7);
    expect(await runPuller(favouritesPuller, ctx, true)).toBe('pulled');
    expect(sorted(await localFavouriteIds(h.db, 'glo'))).toEqual([5, 6, 7]);
    await h.outbox.replay();
    expect(h.sends().at(-1)?.body.value).toBe('[5,6,7]');
  });

  it('is skipped offline and stores nothing from an answer with an error field (spec §8)', async () => {
    const h = await harness({ reply: api({ '/api/user/get-metafields': () => ({ status: 200, body: { metafields: [], error: 'boom' } }) }) });
    const ctx = { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => false };
    expect(await runPuller(favouritesPuller, ctx)).toBe('offline');
    expect(h.seen).toHaveLength(0);
    expect(await runPuller(favouritesPuller, { ...ctx, online: () => true })).toBe('failed');
    expect(await kvGet(h.db, 'favouritesConfirmed')).toBeUndefined();
  });
});
