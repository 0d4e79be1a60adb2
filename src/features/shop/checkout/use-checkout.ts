import { useMemo } from 'react';
import { useKv } from '../../../db/hooks';
import type { ShopVariant } from '../../../domain/catalogue';
import { checkoutSummary, type CheckoutSummary } from '../../../domain/checkout-summary';
import { useNow } from '../../../state/online';
import { FREE_SHIPPING } from '../config';
import { VELO_PROMO } from '../velo-config';
import { deliveryOf, useCheckoutBasics, type CheckoutBasics } from './use-checkout-basics';

export interface CheckoutState extends CheckoutBasics {
  summary: CheckoutSummary;
}

/**
 * The order summary of /shop/checkout, built from the local database by the one pure function of
 * src/domain (checkoutSummary), live. `undefined` while it loads.
 */
export function useCheckout(variant: ShopVariant): CheckoutState | undefined {
  const basics = useCheckoutBasics(variant);
  const phone = useKv('phone');
  const verified = useKv('ageVerified');
  const now = useNow(60_000);
  return useMemo(() => {
    if (!basics) return undefined;
    const { record, draft, lines } = basics;
    const summary = checkoutSummary({
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
      lines: lines.map((l) => ({ variant_id: l.variantId, count: l.count, price: l.price, bonuses: l.bonuses, tags: l.tags, title: l.title })),
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
    return { ...basics, summary };
  }, [variant, basics, phone, verified, now]);
}
