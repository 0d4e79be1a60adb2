import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './context';
import { ApiError, onError } from './errors';
import { needsApiKey } from './http/api-key';
import { buildOpenApi, docsPage } from './openapi';
import { registerDev } from './routes/dev';
import { register as registerSystem } from './routes/system/index';
import { register as registerAuth } from './routes/auth/index';
import { register as registerShop } from './routes/shop/index';
import { register as registerScanDelivery } from './routes/scan-delivery/index';
import { register as registerEngagement } from './routes/engagement/index';
import { serveApp } from './static';

export interface AppOptions {
  /** Serve the built app from this folder (production server, e2e); omitted in API tests. */
  staticDir?: string;
}

/** The whole server as a Hono app: the §7 API, the sandboxes' pages and, optionally, the built app. */
export function createApp(deps: AppDeps, opts: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.notFound((c) => c.json({ error: { code: 'not_found', message: `Not found: ${c.req.path}` } }, 404));
  // The contract and its page are open; every other /api and /mapi call must carry the app's key.
  // One middleware for both jobs: each one more in the chain costs every request a few µs.
  const open = new Set(['/api/openapi.json', '/api/docs']);
  const key = deps.config.API_KEY;
  app.use('*', async function provideDeps(c, next) {
    c.set('deps', deps);
    c.set('member', null);
    c.set('revisions', null);
    if (needsApiKey(c.req.path, open) && c.req.header('x-api-key') !== key) {
      throw new ApiError(401, 'invalid_api_key', 'Невірний або відсутній API-ключ');
    }
    await next();
  });

  let openapi: object | null = null;
  app.get('/api/openapi.json', (c) => c.json((openapi ??= buildOpenApi(deps.config.APP_VERSION))));
  app.get('/api/docs', (c) => c.html(docsPage));

  registerSystem(app);
  registerAuth(app);
  registerShop(app);
  registerScanDelivery(app);
  registerEngagement(app);

  if (!deps.config.isProduction) registerDev(app);
  app.all('/api/*', () => {
    throw new ApiError(404, 'not_found', 'Такого виклику немає');
  });
  if (opts.staticDir) serveApp(app, opts.staticDir);
  return app;
}
