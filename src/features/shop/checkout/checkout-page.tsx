import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../ui/surfaces';
import { useVariant } from '../../../state/session';
import './checkout.css';

// The summary comes with the order rules it is built from: loaded beside the local database's
// answer, so the route's first paint stays light.
const Summary = lazy(() => import('./checkout-summary-view'));

const Loading = () => (
  <div className="co" aria-busy="true">
    <Skeleton lines={6} height={28} />
  </div>
);

/**
 * /shop/checkout (docs/rules.md#screens back to payment): the order as it will be sent — built by the one pure
 * function of src/domain (checkoutSummary) — and the button that places it, online only, under
 * one Idempotency-Key (a double tap, a retry or a reload mid-request make one order). With no
 * network the button says so and the cart stays as it was.
 */
export default function CheckoutPage() {
  const variant = useVariant();
  return (
    <Suspense fallback={<Loading />}>
      <Summary variant={variant} />
    </Suspense>
  );
}
