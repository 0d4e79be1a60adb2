import { describe, expect, it } from 'vitest';
import { kvGet } from '../../../src/db/kv';
import { toggleFavourite } from '../../../src/sync/mutations/shop/favourite-toggle';
import {
  applyToggle,
  FAVOURITES_DOC,
  localFavouriteIds,
  parseFavouriteIds,
} from '../../../src/sync/mutations/shop/favourites-state';
import { getBase } from '../../../src/sync/mutations/shop/metafield-base';
import { mirrorsPuller as favouritesPuller } from '../../../src/sync/pullers/mirrors';
import { runPuller } from '../../../src/sync/pullers/puller';
import type { Reply } from './support/fake-fetch';
import { api, GLO, harness, OGO } from './support/harness';
import { metafieldServer } from './support/shop-fixtures';

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const ids = (value: string | null) => sorted(parseFavouriteIds(value));

describe('favourites toggle (docs/rules.md#states: the pwa/favorites metafield)', () => {
  it('pure helpers: toggling and reading the metafield value', () => {
    expect(applyToggle([1, 2], { productId: 3, on: true })).toEqual([1, 2, 3]);
    expect(applyToggle([1, 2], { productId: 1, on: false })).toEqual([2]);
    expect(applyToggle([1, 2], { productId: 2, on: true })).toEqual([1, 2]);
    expect(parseFavouriteIds('[3,"x",4.5,5,3]')).toEqual([3, 5]);
    expect(parseFavouriteIds('{oops')).toEqual([]);
    expect(parseFavouriteIds('{"a":1}')).toEqual([]);
    expect(parseFavouriteIds(null)).toEqual([]);
  });

  it('offline toggles replay one by one, each on the revision the server answered last', async () => {
    const h = await harness();
    await toggleFavourite(h.db, GLO, 1);
    await toggleFavourite(h.db, GLO, 2);
    await toggleFavourite(h.db, GLO, 1);
    await toggleFavourite(h.db, OGO, 9);
    expect(sorted(await localFavouriteIds(h.db, 'glo'))).toEqual([2]);
    await h.outbox.replay();
    const writes = h.seen.filter((r) => r.url.includes('create-metafields'));
    expect(
      writes.map((r) => [
        JSON.parse(r.body!).shopifyId,
        JSON.parse(r.body!).value,
        r.headers['if-match'] ?? r.headers['if-none-match'],
      ]),
    ).toEqual([
      [101, '[1]', '*'],
      [101, '[1,2]', '"1"'],
      [101, '[2]', '"2"'],
      [202, '[9]', '*'],
    ]);
    // The base was read once per account, before its first write; after that each answer is the base.
    expect(h.seen.filter((r) => r.url.includes('get-metafields'))).toHaveLength(2);
    expect(await getBase(h.db, 'glo', FAVOURITES_DOC)).toMatchObject({ value: '[2]', revision: 3 });
    expect(sorted(await localFavouriteIds(h.db, 'glo'))).toEqual([2]);
  });

  it('two devices offline: each intent lands on what the other wrote (412, re-read, rebuilt), and both show the union', async () => {
    const server = metafieldServer();
    const reply = api(server.handlers);
    const a = await harness({ reply, name: 'phone-a' });
    const b = await harness({ reply, name: 'phone-b' });
    // Both devices knew the same list before going offline.
    server.set(101, 'favorites', '[5]');
    for (const d of [a, b])
      await runPuller(favouritesPuller, { db: d.db, transport: d.transport, now: () => d.clock.t, online: () => true });
    await toggleFavourite(a.db, GLO, 19);
    await toggleFavourite(a.db, GLO, 5); // A takes 5 out
    await toggleFavourite(b.db, GLO, 20);
    await a.outbox.replay();
    expect(ids(server.value(101, 'favorites'))).toEqual([19]);
    await b.outbox.replay();
    expect(server.conflicts.count).toBe(1);
    expect(ids(server.value(101, 'favorites'))).toEqual([19, 20]);
    expect(sorted(await localFavouriteIds(b.db, 'glo'))).toEqual([19, 20]);
    // A sees B's favourite on its next pull, its own kept.
    await runPuller(
      favouritesPuller,
      { db: a.db, transport: a.transport, now: () => a.clock.t, online: () => true },
      true,
    );
    expect(sorted(await localFavouriteIds(a.db, 'glo'))).toEqual([19, 20]);
    expect(await b.db.outbox.count()).toBe(0);
  });

  it('against a server without revisions the list is read afresh before every write (no precondition sent)', async () => {
    const server = metafieldServer(undefined, { revisions: false });
    const h = await harness({ reply: api(server.handlers) });
    server.set(101, 'favorites', '[5]');
    await toggleFavourite(h.db, GLO, 1);
    await toggleFavourite(h.db, GLO, 2);
    await h.outbox.replay();
    expect(h.seen.filter((r) => r.url.includes('get-metafields'))).toHaveLength(2);
    expect(h.seen.some((r) => r.headers['if-match'] || r.headers['if-none-match'])).toBe(false);
    expect(ids(server.value(101, 'favorites'))).toEqual([1, 2, 5]);
  });

  it('a refused toggle is undone without losing the toggles queued after it', async () => {
    const server = metafieldServer((_b, n) =>
      n === 2 ? ({ status: 422, body: { error: { code: 'too_many', message: 'Забагато обраних' } } } as Reply) : null,
    );
    const h = await harness({ reply: api(server.handlers) });
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
  it('writes the server list, and the toggles still waiting on top of it', async () => {
    const server = metafieldServer();
    server.set(101, 'favorites', '[5,6]');
    const h = await harness({ reply: api(server.handlers) });
    const ctx = { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => true };
    expect(await runPuller(favouritesPuller, ctx)).toBe('pulled');
    expect(sorted(await localFavouriteIds(h.db, 'glo'))).toEqual([5, 6]);
    expect(await runPuller(favouritesPuller, ctx)).toBe('fresh');

    await toggleFavourite(h.db, GLO, 7);
    server.set(101, 'favorites', '[5,6,8]'); // another device
    expect(await runPuller(favouritesPuller, ctx, true)).toBe('pulled');
    expect(sorted(await localFavouriteIds(h.db, 'glo'))).toEqual([5, 6, 7, 8]);
    await h.outbox.replay();
    expect(h.sends().at(-1)?.body.value).toBe('[5,6,8,7]');
  });

  it('never takes back a newer answer with an older pull', async () => {
    const server = metafieldServer();
    server.set(101, 'favorites', '[1]');
    let hold: (() => void) | null = null;
    const h = await harness({
      reply: api({
        ...server.handlers,
        '/api/user/get-metafields': async (r, b) => {
          const answer = server.handlers['/api/user/get-metafields']!(r, b);
          if (hold === null) await new Promise<void>((go) => (hold = go));
          return answer;
        },
      }),
    });
    const ctx = { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => true };
    const pull = runPuller(favouritesPuller, ctx);
    while (hold === null) await new Promise((r) => setTimeout(r, 1));
    // While the pull waits, a toggle is written (revision 2) and answered.
    await toggleFavourite(h.db, GLO, 2);
    const released = hold as () => void;
    hold = () => undefined;
    const sending = h.outbox.replay();
    released();
    await Promise.all([pull, sending]);
    expect(await getBase(h.db, 'glo', FAVOURITES_DOC)).toMatchObject({ revision: 2 });
    expect(sorted(await localFavouriteIds(h.db, 'glo'))).toEqual([1, 2]);
  });

  it('is skipped offline and stores nothing from an answer with an error field (docs/rules.md#error-reactions)', async () => {
    const h = await harness({
      reply: api({ '/api/user/get-metafields': () => ({ status: 200, body: { metafields: [], error: 'boom' } }) }),
    });
    const ctx = { db: h.db, transport: h.transport, now: () => h.clock.t, online: () => false };
    expect(await runPuller(favouritesPuller, ctx)).toBe('offline');
    expect(h.seen).toHaveLength(0);
    expect(await runPuller(favouritesPuller, { ...ctx, online: () => true })).toBe('failed');
    expect(await kvGet(h.db, 'metafieldBases')).toBeUndefined();
  });
});
