import { ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/surfaces';
import { EMPTY_CART_COPY as E } from './empty-copy';

/** A checkout screen with nothing in the cart: says so and leads back to the shop. */
export function EmptyCart() {
  return (
    <EmptyState
      icon="cart"
      title={E.title}
      text={E.text}
      action={
        <ButtonLink to="/shop" variant="primary">
          {E.toShop}
        </ButtonLink>
      }
    />
  );
}
