import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../context';

/** Where links and callbacks point: PUBLIC_URL when set, else the origin the request came to. */
export function publicOrigin(c: Context<AppEnv>, deps: AppDeps): string {
  return (deps.config.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/+$/, '');
}
