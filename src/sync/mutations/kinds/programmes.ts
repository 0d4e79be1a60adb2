import type { AnyMutationKind } from '../../registry';

/** Mutation kinds of one area: Club programmes: certificates, invite, feedback, subscription, marathon. */
export const PROGRAMME_KINDS: readonly AnyMutationKind[] = [];
