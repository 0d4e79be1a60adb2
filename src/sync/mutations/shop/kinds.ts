import type { AnyMutationKind } from '../../engine/registry';
import { cartChange } from './cart-change';
import { favouriteToggle } from './favourite-toggle';

/** Mutation kinds of one area: the shop's favourites and cart. */
export const SHOP_KINDS: readonly AnyMutationKind[] = [favouriteToggle, cartChange];
