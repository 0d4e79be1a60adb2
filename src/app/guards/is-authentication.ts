import type { Guard } from './types';

/** docs/rules.md#roles: /auth and /registration are for people not signed in yet; members go home. */
export const isAuthentication: Guard = (ctx) => (ctx.signedIn ? '/' : null);
