import { IS18_NEXT_PATHS } from '../../domain/auth/is18-next';
import type { Guard } from './types';

/**
 * The club is for adults: sign-in and registration come after the "are you 18?" question
 * (cookie `showIs18`). /is18 then returns to the screen that was asked for.
 */
export const is18: Guard = (ctx) => {
  if (ctx.is18Confirmed) return null;
  return ctx.pathname === '/auth' || !IS18_NEXT_PATHS.includes(ctx.pathname)
    ? '/is18'
    : `/is18?next=${encodeURIComponent(ctx.pathname)}`;
};
