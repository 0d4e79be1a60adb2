import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

/**
 * Whether a path is one of the /api and /mapi calls (the paths Hono's `/api/*` and `/mapi/*`
 * match), which must carry the app's key in `x-api-key`; `open` lists those that need none.
 */
export function needsApiKey(path: string, open: ReadonlySet<string>): boolean {
  const guarded = path.startsWith('/api/') || path.startsWith('/mapi/') || path === '/api' || path === '/mapi';
  return guarded && !open.has(path);
}

/** The /api and /mapi calls answer 401 `invalid_api_key` without the app's key (docs/api.md#calls); `open` need none. */
export function apiKeyCheck(key: string, open: ReadonlySet<string>): MiddlewareHandler<AppEnv> {
  return async function apiKey(c, next) {
    if (needsApiKey(c.req.path, open) && c.req.header('x-api-key') !== key) {
      return c.json({ error: { code: 'invalid_api_key', message: 'Невірний або відсутній API-ключ' } }, 401);
    }
    await next();
  };
}
