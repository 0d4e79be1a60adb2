import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { ApiError } from '../errors';

/** Every /api and /mapi call must carry the app's key in `x-api-key`. */
export function apiKey(expected: string): MiddlewareHandler<AppEnv> {
  return async function requireApiKey(c, next) {
    if (c.req.header('x-api-key') !== expected) {
      throw new ApiError(401, 'invalid_api_key', 'Невірний або відсутній API-ключ');
    }
    await next();
  };
}
