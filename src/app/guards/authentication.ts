import type { Guard } from './types';

/** Spec §6: every member route needs a signed-in person; others go to /auth. */
export const authentication: Guard = (ctx) => (ctx.signedIn ? null : '/auth');
