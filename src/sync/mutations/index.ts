import { createRegistry, type AnyMutationKind, type MutationRegistry } from '../engine/registry';
import { ANALYTICS_KINDS } from './analytics/kinds';
import { CHECKOUT_KINDS } from './checkout/kinds';
import { CONTENT_KINDS } from './content/kinds';
import { MEMBER_KINDS } from './member/kinds';
import { PROGRAMME_KINDS } from './programme/kinds';
import { SCAN_KINDS } from './scan/kinds';
import { SHOP_KINDS } from './shop/kinds';

/**
 * Every mutation kind the app queues. A new kind is one file in its area's folder (its
 * `defineMutation` and its domain action) and one line in that folder's kinds.ts; see ../README.md.
 */
export const MUTATION_KINDS: readonly AnyMutationKind[] = [
  ...SHOP_KINDS,
  ...ANALYTICS_KINDS,
  ...MEMBER_KINDS,
  ...CHECKOUT_KINDS,
  ...SCAN_KINDS,
  ...PROGRAMME_KINDS,
  ...CONTENT_KINDS,
];

export function appRegistry(): MutationRegistry {
  return createRegistry(MUTATION_KINDS);
}
