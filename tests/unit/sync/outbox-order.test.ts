import { describe, expect, it } from 'vitest';
import { ClubDb } from '../../../src/db/database';
import { enqueueInTransaction, mutate } from '../../../src/sync/engine/enqueue';
import { analyticsEvent, trackEvent } from '../../../src/sync/mutations/analytics/event';
import { favouriteToggle, toggleFavourite } from '../../../src/sync/mutations/shop/favourite-toggle';
import { api, GLO, harness, OGO, outboxEntry, uniqueDbName } from './support/harness';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('outbox order and keys (docs/architecture.md#outbox)', () => {
  it('sends entries first in, first out, each under its own UUID v4 Idempotency-Key', async () => {
    const h = await harness();
    const queued = [
      (await trackEvent(h.db, GLO, { event: 'e1', pageUrl: '/1' })).id,
      (await toggleFavourite(h.db, OGO, 7)).entry.id,
      (await trackEvent(h.db, GLO, { event: 'e2', pageUrl: '/2' })).id,
      (await toggleFavourite(h.db, GLO, 8)).entry.id,
      (await trackEvent(h.db, OGO, { event: 'e3', pageUrl: '/3' })).id,
    ];
    const seqs = (await h.db.outbox.orderBy('seq').toArray()).map((e) => e.id);
    expect(seqs).toEqual(queued);
    const report = await h.outbox.replay();
    expect(report).toMatchObject({ sent: 5, failed: 0, nextAt: null });
    expect(h.sends().map((s) => s.key)).toEqual(queued);
    for (const k of queued) expect(k).toMatch(UUID_V4);
    expect(h.sends().map((s) => s.body.event ?? s.body.value)).toEqual(['e1', '[7]', 'e2', '[8]', 'e3']);
    expect(h.sends()[1]?.body).toMatchObject({
      shopifyId: 202,
      ogo: true,
      namespace: 'pwa',
      key: 'favorites',
      type: 'json',
    });
    expect(h.sends()[4]?.body).toMatchObject({ data: { customer_id: 202, page_url: '/3' }, ogo: true });
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('keeps counting up after the queue empties, so FIFO holds across sessions of use', async () => {
    const h = await harness();
    const a = await trackEvent(h.db, GLO, { event: 'a', pageUrl: '/' });
    await h.outbox.replay();
    const b = await trackEvent(h.db, GLO, { event: 'b', pageUrl: '/' });
    expect(b.seq).toBeGreaterThan(a.seq);
  });
});

describe('enqueue in the same transaction as the local change', () => {
  it('a domain action stores the change and its entry together', async () => {
    const h = await harness();
    const { on, entry } = await toggleFavourite(h.db, GLO, 5);
    expect(on).toBe(true);
    expect(await h.db.favourites.get(['glo', 5])).toBeDefined();
    expect(await h.db.outbox.get(entry.id)).toMatchObject({
      kind: 'favourite-toggle',
      payload: { productId: 5, on: true },
      account: GLO,
      state: 'pending',
      attempts: 0,
    });
  });

  it('a failed local write leaves no entry, and a failed enqueue leaves no local change', async () => {
    const db = new ClubDb(uniqueDbName());
    await expect(
      mutate(db, favouriteToggle, {
        account: GLO,
        change: async () => {
          await db.favourites.put({ variant: 'glo', productId: 1, addedAt: 1 });
          throw new Error('local write failed');
        },
      }),
    ).rejects.toThrow('local write failed');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.favourites.count()).toBe(0);
    // An entry whose key collides cannot be stored: the local change goes with it.
    await db.outbox.add(outboxEntry({ id: 'dup', seq: 99, kind: 'x' }));
    await expect(
      db.transaction('rw', [db.outbox, db.kv, db.favourites], async () => {
        await db.favourites.put({ variant: 'glo', productId: 2, addedAt: 1 });
        await db.kv.put({ key: 'outboxSeq', value: 98, updatedAt: 0 });
        await db.outbox.add(outboxEntry({ id: 'dup', seq: 100, kind: 'x' }));
      }),
    ).rejects.toThrow();
    expect(await db.favourites.count()).toBe(0);
  });

  it('refuses to enqueue outside a read-write transaction over outbox and kv', async () => {
    const db = new ClubDb(uniqueDbName());
    await expect(enqueueInTransaction(db, analyticsEvent, { event: 'e', pageUrl: '/' }, GLO)).rejects.toThrow(
      /inside a read-write transaction/,
    );
    await expect(
      db.transaction('rw', [db.outbox], () =>
        enqueueInTransaction(db, analyticsEvent, { event: 'e', pageUrl: '/' }, GLO),
      ),
    ).rejects.toThrow(/outbox and kv/);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('never fetch inside a Dexie transaction', () => {
  it('every request is made with no transaction open', async () => {
    const { Dexie } = await import('dexie');
    const inTx: boolean[] = [];
    const h = await harness({
      reply: (req) => {
        inTx.push(Dexie.currentTransaction !== null);
        return api()(req);
      },
    });
    await toggleFavourite(h.db, GLO, 1);
    await trackEvent(h.db, GLO, { event: 'e', pageUrl: '/' });
    await h.outbox.replay();
    expect(inTx.length).toBeGreaterThanOrEqual(3);
    expect(inTx.every((x) => !x)).toBe(true);
  });
});
