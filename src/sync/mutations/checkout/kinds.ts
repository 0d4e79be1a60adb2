import type { AnyMutationKind } from '../../engine/registry';
import { orderCreate } from './order-create';
import { orderIpostAddress } from './ipost-address';
import { orderPaymentLink } from './payment-link';
import { orderPhoneCall } from './phone-call';
import { orderPromocode } from './promocode';

/** Mutation kinds of one area: Checkout and orders. */
export const CHECKOUT_KINDS: readonly AnyMutationKind[] = [
  orderCreate,
  orderPaymentLink,
  orderPhoneCall,
  orderPromocode,
  orderIpostAddress,
];
