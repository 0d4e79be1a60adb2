import type { AnyMutationKind } from '../../registry';

/** Mutation kinds of one area: Content and support (call-back requests). */
export const CONTENT_KINDS: readonly AnyMutationKind[] = [];
