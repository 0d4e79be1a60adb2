import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestServer, type TestServer } from '../support/server';

/*
 * What every request goes through (server/app.ts): observation, `deps`, the API key check, as
 * Hono middleware registered before any route. Hono runs a middleware only for the routes
 * registered after it, so one registered later would silently leave the routes above it out.
 */

let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer();
});
afterAll(() => s.close());

const OPEN = new Set(['/api/openapi.json', '/api/docs', '/api/docs.js']);
/** Every route the app mounts (its middleware aside), once per method and path. */
const routes = () => s.app.routes.filter((r) => r.method !== 'ALL');
const concrete = (path: string) => path.replace(/:[a-z]+/gi, 'x');
/** The sum of every requests counter of the metrics. */
const counted = async () => {
  const text = await (await s.app.request('/metrics')).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('club_http_requests_total{'))
    .reduce((n, l) => n + Number(l.split(' ')[1]), 0);
};

describe('the request path', () => {
  it('registers the middleware of every request before any route', () => {
    const firstRoute = s.app.routes.findIndex((r) => r.method !== 'ALL');
    const middleware = s.app.routes
      .map((r, i) => [r, i] as const)
      .filter(([r]) => r.method === 'ALL' && r.path === '/*');
    expect(middleware.length).toBeGreaterThanOrEqual(3);
    for (const [, i] of middleware) expect(i).toBeLessThan(firstRoute);
  });

  it('every /api and /mapi route refuses a request without the app key, whichever file mounted it', async () => {
    const guarded = routes().filter((r) => /^\/m?api\//.test(r.path) && !OPEN.has(r.path));
    expect(guarded.length).toBeGreaterThan(50);
    for (const r of guarded) {
      const res = await s.app.request(concrete(r.path), {
        method: r.method,
        ...(r.method === 'POST' ? { body: '{}' } : {}),
      });
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
    }
  });

  it('every request is counted in the metrics: each route, a refused key, a path of no route', async () => {
    const before = await counted();
    const paths = [...routes().map((r) => [r.method, concrete(r.path)] as const), ['GET', '/no/such/path'] as const];
    for (const [method, path] of paths)
      await s.app.request(path, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
    // The scrape itself is counted once it has answered, so `counted()` sees the one before it.
    expect((await counted()) - before).toBe(paths.length + 1);
  });
});
