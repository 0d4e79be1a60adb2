import type { AnyMutationKind } from '../../engine/registry';
import { certCreateKind } from './cert-create';
import { feedbackSendKind } from './feedback-send';
import { feedbackSendOfflineKind } from './feedback-send-offline';
import { marathonAnswerKind } from './marathon-answer';
import { SUBSCRIPTION_CHANGE_KINDS } from './subscription-changes';

/** Mutation kinds of one area: Club programmes: certificates, invite, feedback, subscription, marathon. */
export const PROGRAMME_KINDS: readonly AnyMutationKind[] = [
  certCreateKind,
  feedbackSendKind,
  feedbackSendOfflineKind,
  marathonAnswerKind,
  ...SUBSCRIPTION_CHANGE_KINDS,
];
