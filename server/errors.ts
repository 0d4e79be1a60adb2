import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isDatabaseUnavailable } from './db/unavailable';
import type { AppDeps } from './context';
import { maskedError, safePath } from './ops/log';

/** The one error type of the server; `onError` turns it into `{ error: { code, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (code: string, message: string) => new ApiError(400, code, message);
export const unauthorized = (message = 'Потрібно увійти', code = 'unauthenticated') => new ApiError(401, code, message);
export const forbidden = (message = 'Доступ заборонено', code = 'forbidden') => new ApiError(403, code, message);
export const notFound = (message = 'Не знайдено', code = 'not_found') => new ApiError(404, code, message);
export const conflict = (code: string, message: string) => new ApiError(409, code, message);
/** RFC 9110 §15.5.13: a precondition (If-Match, If-None-Match) did not hold; nothing was written. */
export const preconditionFailed = (code: string, message: string) => new ApiError(412, code, message);
export const unprocessable = (code: string, message: string) => new ApiError(422, code, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Забагато спроб. Спробуй пізніше') =>
  new ApiError(429, 'rate_limited', message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * The database is away (restarting, failing over, unreachable): try again shortly. The app's
 * outbox waits Retry-After, then sends the same call with the same key.
 */
const DATABASE_RETRY_AFTER_S = 5;
export const databaseUnavailable = () =>
  new ApiError(503, 'database_unavailable', 'Сервер тимчасово не може виконати запит. Спробуй за кілька секунд', {
    'Retry-After': String(DATABASE_RETRY_AFTER_S),
  });

export function errorJson(c: Context, err: ApiError) {
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return c.json({ error: { code: err.code, message: err.message } }, err.status);
}

/**
 * Anything that is not an ApiError is a server fault: logged, and answered without detail; but a
 * database out of reach is no fault of the request, and is answered 503 with Retry-After.
 */
export function onError(err: Error, c: Context) {
  if (err instanceof ApiError) return errorJson(c, err);
  if (isDatabaseUnavailable(err)) return errorJson(c, databaseUnavailable());
  // Hono's own HTTPException (e.g. body limit) carries a status.
  const status = (err as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return errorJson(
      c,
      new ApiError(status as ContentfulStatusCode, 'bad_request', err.message || 'Некоректний запит'),
    );
  }
  // Unset only if the fault came before the app's first middlewares had run (server/app.ts).
  const log = (c.var as { deps?: AppDeps }).deps?.log;
  const line = { method: c.req.method, path: safePath(c.req.path), error: maskedError(err) };
  // A silent logger (tests) would hide it: then the console says it (the server process makes that JSON too).
  if (log?.isLevelEnabled('error')) log.error(line, 'unexpected error');
  else console.error('unexpected error', line);
  return errorJson(c, new ApiError(500, 'internal', 'Сталася помилка. Спробуй пізніше'));
}
