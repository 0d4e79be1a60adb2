import type { ClubDb } from '../../../db/database';
import type { Variant } from '../../../db/rows-catalogue';
import type { OutboxError } from '../../../db/rows-sync';

/** A `docs` value of the programmes, read inside the caller's transaction; undefined when not stored. */
export async function readDoc<T>(db: ClubDb, variant: Variant, key: string): Promise<T | undefined> {
  return (await db.docs.get([variant, key]))?.value as T | undefined;
}

/** Writes a `docs` value (joins the caller's transaction). */
export async function writeDoc<T>(
  db: ClubDb,
  variant: Variant,
  key: string,
  value: T,
  now = Date.now(),
): Promise<void> {
  await db.docs.put({ variant, key, value, fetchedAt: now });
}

/**
 * The reason a failed entry was refused, read inside the transaction that marks it failed (the
 * entry handed to `undo` is the one read before its error was stored).
 */
export async function refusalOf(db: ClubDb, entryId: string, fallback: string): Promise<OutboxError | null> {
  const e = await db.outbox.get(entryId);
  return e?.lastError ?? { status: 0, code: 'refused', message: fallback, at: Date.now() };
}
