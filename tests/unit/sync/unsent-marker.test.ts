// Changes lost with a database the browser wiped are found and said
// (src/sync/engine/unsent-marker.ts, src/state/lost-changes.ts).
import { describe, expect, it } from 'vitest';
import { ClubDb } from '../../../src/db/database';
import { resetAllStores } from '../../../src/db/reset';
import { LOST_CHANGES_KEY, lostInWords, readLostChanges } from '../../../src/state/lost-changes';
import { readMarker, reconcileUnsent, UNSENT_MARKER_KEY, type MarkerEnv } from '../../../src/sync/engine/unsent-marker';
import { trackPageView } from '../../../src/sync/mutations/analytics/event';
import { toggleFavourite } from '../../../src/sync/mutations/shop/favourite-toggle';
import { appRegistry } from '../../../src/sync/mutations/index';
import { saveScanCode } from '../../../src/sync/mutations/scan/code';
import { GLO, uniqueDbName } from './support/harness';

/** localStorage as the page has it, kept across the database's wipe. */
function storage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
}

const env = (db: ClubDb, store: ReturnType<typeof storage>, signedIn = true): MarkerEnv => ({
  db,
  storage: store,
  registry: appRegistry(),
  signedIn: () => signedIn,
  now: () => 1_000,
});

async function threeScansAndAFavourite(db: ClubDb) {
  for (const code of [
    '11111111-1111-4111-8111-111111111111',
    '22222222-2222-4222-8222-222222222222',
    '33333333-3333-4333-8333-333333333333',
  ])
    await saveScanCode(db, GLO, code, 'manual');
  await toggleFavourite(db, GLO, 7);
}

describe('the note of unsent changes outside the database', () => {
  it('counts the member’s waiting changes by kind (not the app’s own reports), and goes when nothing waits', async () => {
    const db = new ClubDb(uniqueDbName('marker'));
    const store = storage();
    await threeScansAndAFavourite(db);
    await trackPageView(db, GLO, '/shop');
    await reconcileUnsent(env(db, store));
    expect(readMarker(store)?.counts).toEqual({ 'favourite-toggle': 1, 'scan-code': 3 });
    await db.outbox.clear();
    await reconcileUnsent(env(db, store));
    expect(store.getItem(UNSENT_MARKER_KEY)).toBeNull();
    db.close();
  });

  it('a database wiped and made anew: what waited is said once, by kind; the note then follows the new one', async () => {
    const store = storage();
    const before = new ClubDb(uniqueDbName('marker'));
    await threeScansAndAFavourite(before);
    await reconcileUnsent(env(before, store));
    before.close();

    const after = new ClubDb(uniqueDbName('marker'));
    const lost = await reconcileUnsent(env(after, store));
    expect(lost).toMatchObject({ count: 4 });
    const said = readLostChanges(store)!;
    expect(said.count).toBe(4);
    expect(lostInWords(said)).toBe('1 зміну обраного, 3 скани');
    expect(store.getItem(UNSENT_MARKER_KEY)).toBeNull();
    // Another tab (or the next change) looking again finds nothing more lost.
    expect(await reconcileUnsent(env(after, store))).toBeNull();
    expect(readLostChanges(store)?.count).toBe(4);
    after.close();
  });

  it('a logout empties the database on purpose: nothing is taken for lost; signed out, no note is written', async () => {
    const db = new ClubDb(uniqueDbName('marker'));
    const store = storage();
    await threeScansAndAFavourite(db);
    await reconcileUnsent(env(db, store));
    await resetAllStores(db);
    expect(await reconcileUnsent(env(db, store, false))).toBeNull();
    expect(store.getItem(LOST_CHANGES_KEY)).toBeNull();
    await threeScansAndAFavourite(db);
    store.removeItem(UNSENT_MARKER_KEY);
    await reconcileUnsent(env(db, store, false));
    expect(store.getItem(UNSENT_MARKER_KEY)).toBeNull();
    db.close();
  });
});
