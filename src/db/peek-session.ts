import type { KvValues } from './kv';
import { DB_NAME } from './name';

/** What a stored sign-in needs to restore its cookies: the token and what the cookies carried. */
export interface StoredSignIn {
  token: string;
  cookies: KvValues['cookieSession'] | null;
}

/**
 * The club's database as this device holds it, opened with raw IndexedDB (no Dexie: a first
 * load stays light) for a read before the app's database code has arrived. Null when there is no
 * database; never creates it, and a database still being upgraded by another tab answers null.
 * The caller closes it.
 */
export async function openStoredDatabase(idb: IDBFactory = indexedDB): Promise<IDBDatabase | null> {
  if (typeof idb.databases === 'function' && !(await idb.databases()).some((d) => d.name === DB_NAME)) return null;
  return new Promise<IDBDatabase | null>((resolve) => {
    const open = idb.open(DB_NAME);
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => resolve(null);
    open.onblocked = () => resolve(null);
  });
}

/** The session stored on this device, read with raw IndexedDB; null when there is none. */
export async function peekStoredSignIn(idb?: IDBFactory): Promise<StoredSignIn | null> {
  const db = await openStoredDatabase(idb);
  if (!db) return null;
  try {
    if (!db.objectStoreNames.contains('kv')) return null;
    const store = db.transaction('kv', 'readonly').objectStore('kv');
    const read = <K extends keyof KvValues>(key: K) =>
      new Promise<KvValues[K] | undefined>((resolve) => {
        const req = store.get(key);
        req.onsuccess = () => resolve((req.result as { value?: KvValues[K] } | undefined)?.value);
        req.onerror = () => resolve(undefined);
      });
    const [token, cookies] = await Promise.all([read('pwaToken'), read('cookieSession')]);
    return token ? { token, cookies: cookies ?? null } : null;
  } finally {
    db.close();
  }
}
