import { createRegistry, type AnyMutationKind, type MutationRegistry } from '../registry';
import { analyticsEvent } from './analytics-event';
import { favouriteToggle } from './favourite-toggle';

/**
 * Every mutation kind the app queues. A new kind is one file in this folder (its
 * `defineMutation` and its domain action) and one line here; see ../README.md.
 */
export const MUTATION_KINDS: readonly AnyMutationKind[] = [favouriteToggle, analyticsEvent];

export function appRegistry(): MutationRegistry {
  return createRegistry(MUTATION_KINDS);
}
