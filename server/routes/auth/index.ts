import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { registerMetafields } from './metafields';

/** Mounts the auth, user and velo calls. */
export function register(app: Hono<AppEnv>): void {
  registerMetafields(app);
}
