import type { AnyMutationKind } from '../../registry';

/** Mutation kinds of one area: Scanning, XP and devices. */
export const SCAN_KINDS: readonly AnyMutationKind[] = [];
