import type { CheckoutDraft } from '../../../db/kv';
import { checkoutSummary, type CheckoutSummary } from '../../../domain/order/checkout-summary';
import type { DeliveryChoice } from '../../../domain/delivery/shipping-address';
import { FREE_SHIPPING } from '../config';
import { VELO_PROMO } from '../velo/config';
import type { CheckoutBasics } from './use-checkout-basics';

/** The delivery choice as it is ordered: the carrier refs the pickers keep are not part of it. */
export function deliveryOf(d: CheckoutDraft): DeliveryChoice {
  const { cityRef: _ref, branchNumber: _n, ...choice } = d.delivery;
  return choice;
}

/**
 * The order summary /shop/checkout shows and places, from what the screens read of the local
 * database (`useCheckoutBasics`, the session's phone and age flag) at `now` (epoch ms). No React:
 * the QA kit (tests/kit) places its orders through the same function.
 */
export function summaryOf(
  basics: CheckoutBasics,
  phone: string | null | undefined,
  verified: boolean | null | undefined,
  now: number,
): CheckoutSummary {
  const { variant, record, draft, lines } = basics;
  return checkoutSummary({
    variant,
    customer: {
      id: basics.customerId ?? 0,
      first_name: record?.first_name ?? '',
      last_name: record?.last_name ?? '',
      phone: record?.phone || phone || '',
      tags: record?.tags ?? [],
      orders_count: record?.orders_count ?? 0,
    },
    ageVerified: verified ?? false,
    lines,
    delivery: deliveryOf(draft),
    payment: draft.payment,
    comment: draft.comment,
    veloCode: draft.veloCode,
    friendCode: draft.friendCode,
    configuredVelo: VELO_PROMO,
    needCall: draft.needCall,
    callBack: draft.needCall ? draft.callBack : null,
    xpBalance: basics.balance,
    thresholds: FREE_SHIPPING,
    now: new Date(now),
  });
}
