import { feedbackSendOffline } from '../../../contract/feedback';
import type { ClubDb } from '../../../db/database';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { defineMutation } from '../../engine/registry';
import { feedbackToken } from '../../engine/tokens';
import { feedbackKind, queueFeedback } from './feedback-row';

export interface FeedbackOfflinePayload {
  localId: string;
  purchaseId: number;
  rating: number;
  text: string;
  /** The member's phone, as a contact number (docs/api.md#feedback send-offline {..., phone, token}). */
  phone: string;
}

/** Feedback on an in-store purchase (docs/api.md#feedback feedback/send-offline); queued like online feedback. */
export const feedbackSendOfflineKind = defineMutation<FeedbackOfflinePayload, typeof feedbackSendOffline>({
  kind: 'feedback-send-offline',
  call: feedbackSendOffline,
  title: 'Відгук про покупку в магазині',
  ...feedbackKind<FeedbackOfflinePayload>('offlineOrders'),
  async buildRequest(entry, { db, transport, now, memo }) {
    const p = entry.payload;
    return {
      purchaseId: p.purchaseId,
      rating: p.rating,
      text: p.text,
      phone: p.phone,
      token: await feedbackToken(db, transport, now(), memo),
    };
  },
});

/** Domain action: keeps the in-store feedback on this device and queues it. */
export function queueStoreFeedback(
  db: ClubDb,
  account: Account,
  f: Omit<FeedbackOfflinePayload, 'localId'>,
  localId: string,
  now = Date.now(),
): Promise<OutboxEntry<FeedbackOfflinePayload>> {
  const row = { orderId: f.purchaseId, source: 'offline', photoCount: 0 } as const;
  return queueFeedback(db, feedbackSendOfflineKind, account, { localId, ...f }, row, now);
}
