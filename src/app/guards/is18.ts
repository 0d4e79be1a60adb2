import type { Guard } from './types';

/** Where the age question may send a visitor on: sign-in or registration. */
export const IS18_NEXT_PATHS: readonly string[] = ['/auth', '/registration'];

/**
 * The club is for adults: sign-in and registration come after the "are you 18?" question
 * (cookie `showIs18`). /is18 then returns to the screen that was asked for.
 */
export const is18: Guard = (ctx) => {
  if (ctx.is18Confirmed) return null;
  return ctx.pathname === '/auth' || !IS18_NEXT_PATHS.includes(ctx.pathname) ? '/is18' : `/is18?next=${encodeURIComponent(ctx.pathname)}`;
};

/** The screen /is18 goes on to: a listed `next`, else /auth. */
export function is18Next(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && IS18_NEXT_PATHS.includes(next) ? next : '/auth';
}
