import type { Dexie } from 'dexie';

/** Shown when the device has no room left for the local database. */
export const QUOTA_MESSAGE =
  'На пристрої закінчилося місце: зміну не збережено. Звільни трохи пам’яті й спробуй ще раз.';

/**
 * True for a full-storage failure: `QuotaExceededError` itself, or wrapped as the `inner` error
 * of an AbortError (Dexie aborts the transaction and keeps the cause there; Firefox and Safari
 * also report a full disk as an aborted transaction).
 */
export function isQuotaError(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 4; depth += 1) {
    const name = (cur as { name?: unknown }).name;
    if (name === 'QuotaExceededError') return true;
    cur = (cur as { inner?: unknown }).inner;
  }
  return false;
}

/** A write that could not be stored because the device is full; `message` is Ukrainian. */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super(QUOTA_MESSAGE, { cause });
    this.name = 'StorageFullError';
  }
}

/** Rethrows a quota failure as {@link StorageFullError}; other errors pass unchanged. */
export function explainStorageError(e: unknown): unknown {
  return isQuotaError(e) ? new StorageFullError(e) : e;
}

interface PersistCapable {
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

/**
 * Asks the browser to keep our data under storage pressure (people stay offline for days).
 * Returns whether storage is persistent; false where the API is missing or refused.
 */
export async function requestPersistence(
  storage: PersistCapable | undefined = globalThis.navigator?.storage,
): Promise<boolean> {
  try {
    if (await storage?.persisted?.()) return true;
    return (await storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}

/**
 * A newer tab opened the database with a higher version: this old code must let go, or the
 * upgrade stays blocked. Close the connection and reload into the new code.
 */
export function closeOnVersionChange(db: Dexie, reload: () => void): void {
  db.on('versionchange', (event: IDBVersionChangeEvent) => {
    db.close();
    if (event.newVersion !== null && event.newVersion > 0) reload();
    return false;
  });
}
