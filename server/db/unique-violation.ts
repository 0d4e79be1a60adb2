/** A unique-constraint violation, on SQLite (better-sqlite3) or PostgreSQL (23505): a raced insert. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown };
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (typeof e.message === 'string' && e.message.includes('UNIQUE constraint'))
  );
}
