import { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import type { AppDeps, AppEnv } from './context';
import { ApiError, errorJson, onError } from './errors';
import { needsApiKey } from './http/api-key';
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
import { appFiles } from './static';
import { registerHealth } from './ops/health';
import { observeRequests } from './ops/observe';

export interface AppOptions {
  /** Serve the built app from this folder (production server, e2e); omitted in API tests. */
  staticDir?: string;
}

/** The whole server as a Hono app: the §7 API, the sandboxes' pages and, optionally, the built app. */
export function createApp(deps: AppDeps, opts: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  // The app's files with this deployment's settings in its pages (server/page-config.ts).
  const files = opts.staticDir ? appFiles(opts.staticDir, deps.config.OGO_HOST, pageRewriter(pageConfigOf(deps.config))) : null;
  // No route on every path (a middleware, the app's files, a catch-all): then each call is the
  // one handler its path matches, which Hono runs directly rather than through its compose.
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
  guard(app, deps);
  observeRequests(app, deps);
  return app;
}

/**
 * Wraps the app's `fetch` (which `app.request` and the HTTP server both call) with the two jobs
 * every request shares: the app's key on /api and /mapi calls (the contract and its page are
 * open), and `deps` in the request's environment. As a Hono middleware on every path, they
 * would make each call a chain of two handlers, run through Hono's compose with its promises; as
 * a wrapper, each path matches one handler, which Hono calls directly.
 */
function guard(app: Hono<AppEnv>, deps: AppDeps): void {
  const open = new Set(['/api/openapi.json', '/api/docs', '/api/docs.js']);
  const key = deps.config.API_KEY;
  const dispatch = app.fetch;
  const refused = () =>
    Response.json({ error: { code: 'invalid_api_key', message: 'Невірний або відсутній API-ключ' } }, { status: 401 });
  app.fetch = (request, env?: Partial<AppEnv['Bindings']>, ctx?) => {
    if (needsApiKey(getPath(request), open) && request.headers.get('x-api-key') !== key) return refused();
    // The HTTP server passes a fresh environment per request (its Node request and response).
    const bindings = env ? Object.assign(env, { deps }) : { deps };
    return dispatch(request, bindings, ctx);
  };
}
