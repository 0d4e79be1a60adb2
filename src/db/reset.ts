import type { ClubDb } from './database';
import type { KvRow } from './rows-sync';

/**
 * Empties every store (logout, docs/rules.md#states "resets all stores") in one transaction. The database's
 * own random name (`storeId`, nothing of the member) stays: emptied on purpose is not wiped.
 */
export async function resetAllStores(db: ClubDb): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const name = (await db.kv.get('storeId')) as KvRow | undefined;
    await Promise.all(db.tables.map((t) => t.clear()));
    if (name) await db.kv.put(name);
  });
}
