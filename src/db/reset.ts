import type { ClubDb } from './database';

/** Empties every store (logout, spec §4 "resets all stores") in one transaction. */
export async function resetAllStores(db: ClubDb): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
}
