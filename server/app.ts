import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './context';
import { ApiError, errorJson, onError } from './errors';
import { apiKeyCheck } from './http/api-key';
import { PAGE_CSP } from './http/security-headers';
import { buildOpenApi, docsPage, docsScript } from './openapi';
import { registerDev } from './routes/dev';
import { register as registerSystem } from './routes/system/index';
import { registerManifest } from './routes/system/manifest';
import { register as registerAuth } from './routes/auth/index';
import { register as registerShop } from './routes/shop/index';
import { register as registerScanDelivery } from './routes/scan-delivery/index';
import { register as registerEngagement } from './routes/engagement/index';
import { pageConfigOf, pageRewriter } from './page-config';
import { firstViewPictures } from './first-view-pictures';
import { appFiles } from './static';
import { registerHealth } from './ops/health';
import { observeRequests } from './ops/observe';

export interface AppOptions {
  /** Serve the built app from this folder (production server, e2e); omitted in API tests. */
  staticDir?: string;
}

/** The whole server as a Hono app: the API (docs/api.md#calls), the sandboxes' pages and, optionally, the built app. */
export function createApp(deps: AppDeps, opts: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  // What every request goes through, here and only here. Hono runs a middleware for the routes
  // registered after it, so these come before any route: an `app.use` added further down would
  // silently skip every route above it.
  const observe = observeRequests(deps, () => app.routes.map((r) => r.path));
  if (observe) app.use(observe);
  app.use(async function withDeps(c, next) {
    c.set('deps', deps);
    await next();
  });
  app.use(apiKeyCheck(deps.config.API_KEY, new Set(['/api/openapi.json', '/api/docs', '/api/docs.js'])));

  // The app's files with this deployment's settings in its pages (server/page-config.ts).
  const files = opts.staticDir
    ? appFiles(opts.staticDir, deps.config.OGO_HOST, pageRewriter(pageConfigOf(deps.config)), firstViewPictures)
    : null;
  // The built app's files are the not-found answer for GET and HEAD, not a route of their own.
  app.notFound(async (c) => {
    const file = files && (await files(c));
    if (file) return file;
    if (c.req.path.startsWith('/api/')) return errorJson(c, new ApiError(404, 'not_found', 'Такого виклику немає'));
    // Never the path itself: an answer that echoes what was asked invites reflection, and tells a prober nothing it needs.
    return c.json({ error: { code: 'not_found', message: 'Не знайдено' } }, 404);
  });
  let openapi: object | null = null;
  app.get('/api/openapi.json', (c) => c.json((openapi ??= buildOpenApi(deps.config.APP_VERSION))));
  // A page under /api: the page policy rather than the JSON answers' (http/security-headers.ts).
  app.get('/api/docs', (c) => c.html(docsPage, 200, { 'content-security-policy': PAGE_CSP }));
  app.get('/api/docs.js', (c) => c.body(docsScript, 200, { 'content-type': 'text/javascript; charset=utf-8' }));

  registerHealth(app);
  registerSystem(app);
  registerManifest(app);
  registerAuth(app);
  registerShop(app);
  registerScanDelivery(app);
  registerEngagement(app);

  if (!deps.config.isProduction) registerDev(app);
  return app;
}
