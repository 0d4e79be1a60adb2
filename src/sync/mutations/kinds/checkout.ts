import type { AnyMutationKind } from '../../engine/registry';
import { orderCreate } from '../order-create';
import { orderIpostAddress } from '../order-ipost-address';
import { orderPaymentLink } from '../order-payment-link';
import { orderPhoneCall } from '../order-phone-call';
import { orderPromocode } from '../order-promocode';

/** Mutation kinds of one area: Checkout and orders. */
export const CHECKOUT_KINDS: readonly AnyMutationKind[] = [orderCreate, orderPaymentLink, orderPhoneCall, orderPromocode, orderIpostAddress];
