/**
 * Whether an error says the database cannot be reached or cannot work right now (a restart, a
 * failover, a lost network, a file locked by another process), as opposed to a query it refused:
 * such a call is answered 503 `database_unavailable` with Retry-After (server/errors.ts), which
 * the app's outbox retries, rather than 500.
 *
 * PostgreSQL: SQLSTATE class 08 (connection exception), 57P01-57P03 (the server shutting down,
 * crashed, or starting up: "terminating connection due to administrator command" is 57P01),
 * 53300 (too many connections); the socket's own errors (ECONNREFUSED while it is down, ECONNRESET,
 * …) and node-postgres's messages for a connection that ended; Kysely's for a handle already
 * closed (the end of a shutdown, either dialect). SQLite: busy or locked past the
 * busy timeout, an I/O error, a file that cannot be opened, a full disk, a closed connection.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (PG_CODES.test(code) || SOCKET_CODES.has(code) || SQLITE_CODES.test(code)) return true;
  if (typeof e.message === 'string' && LOST_MESSAGES.test(e.message)) return true;
  // A connection to a name with several addresses (localhost: ::1 and 127.0.0.1) fails with one error per address.
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return e.cause !== undefined && isDatabaseUnavailable(e.cause, depth + 1);
}

const PG_CODES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|PROTOCOL)(_|$)/;
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const LOST_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end on the pool|The database connection is not open|driver has already been destroyed)/;
