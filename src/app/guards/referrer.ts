import type { Guard } from './types';

/** The cart remembers the page it was opened from («Продовжити покупки» returns there). Never redirects. */
export const referrer: Guard = (ctx) => {
  if (ctx.previousPath && ctx.previousPath !== ctx.pathname && !ctx.previousPath.startsWith('/shop/cart')) {
    ctx.rememberReferrer(ctx.previousPath);
  }
  return null;
};
