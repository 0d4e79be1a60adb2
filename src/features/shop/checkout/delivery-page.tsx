import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../ui/surfaces';
import { EmptyCart } from './empty-cart';
import { useCheckoutBasics } from './use-checkout-basics';
import { useVariant } from '../../../state/session';
import './checkout.css';

// The form comes with its rules and pickers, loaded beside the local database's answer, so the
// route's first paint stays light.
const DeliveryForm = lazy(() => import('./delivery-form'));

const Loading = () => (
  <div className="co" aria-busy="true">
    <Skeleton lines={4} height={48} />
  </div>
);

/**
 * /shop/delivery (docs/rules.md#screens back to the cart; docs/rules.md#entities Delivery): 1 a carrier branch (city search with
 * the popular cities first, then the branch by number or street), 2 a courier to street, house
 * and flat, 3 the local courier (ipost) when every cart line allows it, with its city check and
 * the fallback to 1, and the day and time window. Every change is kept on the device at once, so
 * the choice survives a reload; the address goes to the profile for next time.
 */
export default function DeliveryPage() {
  const variant = useVariant();
  const co = useCheckoutBasics(variant);
  if (co === undefined) return <Loading />;
  if (co.lines.length === 0) {
    return <EmptyCart />;
  }
  return (
    <Suspense fallback={<Loading />}>
      <DeliveryForm key={variant} co={co} />
    </Suspense>
  );
}
