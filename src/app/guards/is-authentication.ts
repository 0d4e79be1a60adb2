import type { Guard } from './types';

/** Spec §6: /auth and /registration are for people not signed in yet; members go home. */
export const isAuthentication: Guard = (ctx) => (ctx.signedIn ? '/' : null);
