import { createRegistry, isMutationKind, type AnyMutationKind, type MutationRegistry } from '../engine/registry';
import * as analytics from './analytics/kinds';
import * as checkout from './checkout/kinds';
import * as content from './content/kinds';
import * as member from './member/kinds';
import * as programme from './programme/kinds';
import * as scan from './scan/kinds';
import * as shop from './shop/kinds';

/**
 * The kinds among an area's exports (its kinds.ts re-exports its kind files whole), by export
 * name so the order is the same in every build; the files' helpers are left out.
 */
export function kindsIn(area: object): AnyMutationKind[] {
  const exports = area as Record<string, unknown>;
  return Object.keys(exports)
    .sort()
    .map((name) => exports[name])
    .filter(isMutationKind);
}

/**
 * Every mutation kind the app queues. A new kind is one file in its area's folder (its
 * `defineMutation` and its domain action) and its `export *` line in that folder's kinds.ts;
 * see ../README.md. A kind exported under two names is listed once.
 */
export const MUTATION_KINDS: readonly AnyMutationKind[] = [
  ...new Set([shop, analytics, member, checkout, scan, programme, content].flatMap(kindsIn)),
];

export function appRegistry(): MutationRegistry {
  return createRegistry(MUTATION_KINDS);
}
