import type { CallBackWindow } from '../member/call-back-day';
import { callTimeTag } from '../member/call-back-day';
import { VELO_ORDER_TAG } from '../cart/velo-promo';

export const ORDER_BASE_TAGS = ['PWA', 'pwa_order'] as const;
/** docs/rules.md#validation: orders of members who are not age-verified. */
export const PRE_ORDER_TAG = 'pre-order';
/** docs/rules.md#constants: orders for the local courier. */
export const IPOST_TAG = 'iPost';

/**
 * docs/rules.md#constants "Order tags include PWA, pwa_order, pre-order, iPost, pwa_velo-20% and today/tomorrow
 * call times": the tags of an order, in that order.
 */
export function orderTags(opts: {
  ageVerified: boolean;
  ipost: boolean;
  veloPromo: boolean;
  callBack?: Pick<CallBackWindow, 'day' | 'from' | 'to'> | null;
}): string[] {
  const tags: string[] = [...ORDER_BASE_TAGS];
  if (!opts.ageVerified) tags.push(PRE_ORDER_TAG);
  if (opts.ipost) tags.push(IPOST_TAG);
  if (opts.veloPromo) tags.push(VELO_ORDER_TAG);
  if (opts.callBack) tags.push(callTimeTag(opts.callBack));
  return tags;
}
