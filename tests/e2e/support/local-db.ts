import type { Page } from 'playwright-core';

/** Every row of a store of the app's IndexedDB (raw IndexedDB: the page's Dexie is not global). */
export function rows<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (s) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('club');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction(s, 'readonly').objectStore(s).getAll();
          req.onsuccess = () => {
            resolve(req.result as T[]);
            db.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
    store,
  );
}

/** One key of the app's key-value store; throws when it is not there. */
export async function kv<T>(page: Page, key: string): Promise<T> {
  const row = (await rows<{ key: string; value: T }>(page, 'kv')).find((r) => r.key === key);
  if (!row) throw new Error(`no ${key} in the local database`);
  return row.value;
}

/**
 * The outbox's entries less the page views: the app records a page view through the outbox a
 * moment after each route change, so one may land after a test has looked and wait with the rest.
 */
export async function queuedChanges<T extends { kind: string }>(page: Page): Promise<T[]> {
  return (await rows<T>(page, 'outbox')).filter((e) => e.kind !== 'analytics-event');
}
