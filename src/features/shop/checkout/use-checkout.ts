import { useMemo } from 'react';
import { useKv } from '../../../db/hooks';
import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import type { CheckoutSummary } from '../../../domain/order/checkout-summary';
import { useNow } from '../../../state/online';
import { summaryOf } from './summary-of';
import { useCheckoutBasics, type CheckoutBasics } from './use-checkout-basics';

export interface CheckoutState extends CheckoutBasics {
  summary: CheckoutSummary;
}

/**
 * The order summary of /shop/checkout, built from the local database by the one pure function of
 * src/domain (checkoutSummary, through `summaryOf`), live. `undefined` while it loads.
 */
export function useCheckout(variant: ShopVariant): CheckoutState | undefined {
  const basics = useCheckoutBasics(variant);
  const phone = useKv('phone');
  const verified = useKv('ageVerified');
  const now = useNow(60_000);
  return useMemo(
    () => (basics ? { ...basics, summary: summaryOf(basics, phone, verified, now) } : undefined),
    [basics, phone, verified, now],
  );
}
