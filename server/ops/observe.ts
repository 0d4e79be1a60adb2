import type { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import { randomBytes } from 'node:crypto';
import { isAppRoute } from '../../src/domain/route-table';
import type { AppDeps, AppEnv } from '../context';
import { givenRequestId, safePath } from './log';

/**
 * The metrics label of a path: a mounted path as it is, else one of a few kinds, so that the
 * label set stays bounded whatever paths clients send.
 */
export function routeLabeller(mounted: Iterable<string>): (path: string) => string {
  const exact = new Set([...mounted].filter((p) => !p.includes(':') && !p.includes('*')));
  return (path) => {
    if (exact.has(path)) return path;
    if (path.startsWith('/api/') || path.startsWith('/mapi/')) return 'api_unknown';
    if (path.startsWith('/assets/')) return 'asset';
    if (path.startsWith('/media/')) return 'media';
    if (isAppRoute(path)) return 'app_route';
    return /\.[a-z0-9]+$/i.test(path) ? 'file' : 'not_found';
  };
}

/**
 * Wraps the app's `fetch` once more (server/app.ts `guard` is the inner one): every request is
 * counted and timed in the metrics and written to the JSON log with its request id (the load
 * balancer's `X-Request-Id`, else one made here), its method, route label, path without query,
 * status and milliseconds. An answer given at once stays a plain Response (no promise added).
 */
export function observeRequests(app: Hono<AppEnv>, deps: AppDeps): void {
  const { metrics, log } = deps;
  if (!metrics && !log) return;
  const label = routeLabeller(app.routes.map((r) => r.path));
  const prefix = randomBytes(3).toString('hex');
  let seq = 0;
  const dispatch = app.fetch;
  const logRequests = log?.isLevelEnabled('info') ?? false;
  app.fetch = (request, env?, ctx?) => {
    const started = performance.now();
    const out = dispatch(request, env, ctx);
    const done = (status: number) => {
      const path = getPath(request);
      const route = label(path);
      const ms = performance.now() - started;
      metrics?.requests.inc({ route, method: request.method, status: String(status) });
      metrics?.duration.observe({ route, method: request.method }, ms / 1000);
      if (!logRequests && !(status >= 500 && log)) return;
      const reqId = givenRequestId(request.headers.get('x-request-id')) ?? `${prefix}-${(seq += 1).toString(36)}`;
      const line = { reqId, method: request.method, route, path: safePath(path), status, ms: Math.round(ms * 10) / 10 };
      // A drain is planned (every deploy has one): readiness refused meanwhile is not a fault to page anyone for.
      if (status >= 500 && !(route === '/readyz' && deps.lifecycle?.draining)) log?.error(line, 'request failed');
      else log?.info(line, 'request');
    };
    if (out instanceof Response) {
      done(out.status);
      return out;
    }
    return Promise.resolve(out).then(
      (res) => {
        done(res.status);
        return res;
      },
      (err: unknown) => {
        done(500);
        throw err;
      },
    );
  };
}
