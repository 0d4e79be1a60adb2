import { createRegistry, type AnyMutationKind, type MutationRegistry } from '../engine/registry';
import { analyticsAuthBat } from './analytics-auth-bat';
import { analyticsEsputnikContact } from './analytics-esputnik-contact';
import { analyticsEsputnikId } from './analytics-esputnik-id';
import { analyticsEsputnikLogin } from './analytics-esputnik-login';
import { analyticsEvent } from './analytics-event';
import { analyticsOrderInfo } from './analytics-order-info';
import { cartChange } from './cart-change';
import { favouriteToggle } from './favourite-toggle';
import { profileMetafield } from './profile-metafield';
import { CHECKOUT_KINDS } from './kinds/checkout';
import { CONTENT_KINDS } from './kinds/content';
import { PROGRAMME_KINDS } from './kinds/programmes';
import { SCAN_KINDS } from './kinds/scan';

/**
 * Every mutation kind the app queues. A new kind is one file in this folder (its
 * `defineMutation` and its domain action) and one line in its area's list in ./kinds; see ../README.md.
 */
export const MUTATION_KINDS: readonly AnyMutationKind[] = [favouriteToggle, analyticsEvent, cartChange,
  analyticsAuthBat, analyticsEsputnikContact, analyticsEsputnikLogin, analyticsEsputnikId, analyticsOrderInfo, profileMetafield,
  ...CHECKOUT_KINDS, ...SCAN_KINDS, ...PROGRAMME_KINDS, ...CONTENT_KINDS];

export function appRegistry(): MutationRegistry {
  return createRegistry(MUTATION_KINDS);
}
