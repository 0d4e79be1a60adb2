import type { AnyMutationKind } from '../../engine/registry';
import { analyticsAuthBat } from './auth-bat';
import { analyticsEsputnikContact } from './esputnik-contact';
import { analyticsEsputnikId } from './esputnik-id';
import { analyticsEsputnikLogin } from './esputnik-login';
import { analyticsEvent } from './event';
import { analyticsOrderInfo } from './order-info';

/** Mutation kinds of one area: the app's own reports (page views, sign-ins, the mailing service, orders). */
export const ANALYTICS_KINDS: readonly AnyMutationKind[] = [
  analyticsEvent,
  analyticsAuthBat,
  analyticsEsputnikContact,
  analyticsEsputnikLogin,
  analyticsEsputnikId,
  analyticsOrderInfo,
];
