import { ClubDb } from './database';

/**
 * The app's database. Dexie opens it on first use; the service worker builds its own
 * instance over the same IndexedDB database.
 */
export const db = new ClubDb();
