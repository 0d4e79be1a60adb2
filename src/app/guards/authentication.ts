import type { Guard } from './types';

/** docs/rules.md#roles: every member route needs a signed-in person; others go to /auth. */
export const authentication: Guard = (ctx) => (ctx.signedIn ? null : '/auth');
