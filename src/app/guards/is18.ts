import type { Guard } from './types';

/** The club is for adults: sign-in and registration come after the "are you 18?" question. */
export const is18: Guard = (ctx) => (ctx.is18Confirmed ? null : '/is18');
