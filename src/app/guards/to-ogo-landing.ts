import type { Guard } from './types';

/** The ogo landing invites newcomers; a signed-in member has the club itself, so goes home. */
export const toOgoLanding: Guard = (ctx) => (ctx.signedIn ? '/' : null);
