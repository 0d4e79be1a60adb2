import type { MiddlewareHandler } from 'hono';
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
 * Every request counted and timed in the metrics and written to the JSON log with its request id
 * (the load balancer's `X-Request-Id`, else one made here), its method, route label, path without
 * query, status and milliseconds. Registered first (server/app.ts), so it sees every answer:
 * a refused key, a file, a not-found, an error turned into JSON by `onError`. `routes` is read at
 * the first request, once every route is mounted. Null when there are no metrics and no log.
 */
export function observeRequests(deps: AppDeps, routes: () => Iterable<string>): MiddlewareHandler<AppEnv> | null {
  const { metrics, log } = deps;
  if (!metrics && !log) return null;
  let label: ((path: string) => string) | null = null;
  const prefix = randomBytes(3).toString('hex');
  let seq = 0;
  const logRequests = log?.isLevelEnabled('info') ?? false;
  return async function observe(c, next) {
    const started = performance.now();
    await next();
    const { method, path } = c.req;
    const status = c.res.status;
    const route = (label ??= routeLabeller(routes()))(path);
    const ms = performance.now() - started;
    metrics?.requests.inc({ route, method, status: String(status) });
    metrics?.duration.observe({ route, method }, ms / 1000);
    if (!logRequests && !(status >= 500 && log)) return;
    const reqId = givenRequestId(c.req.header('x-request-id') ?? null) ?? `${prefix}-${(seq += 1).toString(36)}`;
    const line = { reqId, method, route, path: safePath(path), status, ms: Math.round(ms * 10) / 10 };
    // A drain is planned (every deploy has one): readiness refused meanwhile is not a fault to page anyone for.
    if (status >= 500 && !(route === '/readyz' && deps.lifecycle?.draining)) log?.error(line, 'request failed');
    else log?.info(line, 'request');
  };
}
