/** The IndexedDB database's name: the start's raw peek (peek-session.ts) and Dexie open the same one. */
export const DB_NAME = 'club';
