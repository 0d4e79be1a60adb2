import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';

/** Owner read and write only. */
export const PRIVATE_MODE = 0o600;

/**
 * Makes a file readable by its owner alone (0600): created empty with that mode when missing
 * (unless `create` is false), its mode set when it exists. For the database, its WAL, the start
 * lock and the backups: they hold members' phones, names and orders.
 */
export function privateFile(path: string, opts: { create?: boolean } = {}): void {
  if (!existsSync(path)) {
    if (opts.create === false) return;
    closeSync(openSync(path, 'a', PRIVATE_MODE));
  }
  try {
    chmodSync(path, PRIVATE_MODE);
  } catch (e) {
    // Another user's file the server may still use (a shared group): left as its owner set it.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') throw e;
  }
}
