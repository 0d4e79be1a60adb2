import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { registerBrandSites } from './brand-sites';
import { registerEmail } from './email';
import { registerLogin } from './login';
import { registerMetafields } from './metafields';
import { registerRegistration } from './registration';
import { registerSession } from './session';
import { registerStoreLogin } from './store-login';
import { registerUserRecord } from './user-record';
import { registerVelo } from './velo';
import { registerVerifyAge } from './verify-age';

/** Mounts the auth, user and velo calls, and the brand-site pages their login links open. */
export function register(app: Hono<AppEnv>): void {
  registerMetafields(app);
  registerLogin(app);
  registerRegistration(app);
  registerSession(app);
  registerStoreLogin(app);
  registerUserRecord(app);
  registerEmail(app);
  registerVelo(app);
  registerVerifyAge(app);
  registerBrandSites(app);
}
