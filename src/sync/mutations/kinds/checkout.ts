import type { AnyMutationKind } from '../../registry';

/** Mutation kinds of one area: Checkout and orders. */
export const CHECKOUT_KINDS: readonly AnyMutationKind[] = [];
