/**
 * Whether a path is one of the /api and /mapi calls (the paths Hono's `/api/*` and `/mapi/*`
 * match), which must carry the app's key in `x-api-key`; `open` lists those that need none.
 * The check itself is in the app's one middleware (server/app.ts).
 */
export function needsApiKey(path: string, open: ReadonlySet<string>): boolean {
  const guarded = path.startsWith('/api/') || path.startsWith('/mapi/') || path === '/api' || path === '/mapi';
  return guarded && !open.has(path);
}
