import { feedbackSend } from '../../../contract/feedback';
import type { ClubDb } from '../../../db/database';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { defineMutation } from '../../engine/registry';
import { feedbackToken } from '../../engine/tokens';
import { feedbackKind, queueFeedback } from './feedback-row';

export interface FeedbackSendPayload {
  /** The `feedback` row that shows it on this device (stays the same when the entry is retried under a new key). */
  localId: string;
  orderId: number;
  /** 'velo' for velo orders of the ogo shop (docs/rules.md#entities per brand velo, ogo, glo). */
  shop: 'glo' | 'ogo' | 'velo';
  rating: number;
  text: string;
  /** Photos already resized on the phone (JPEG), kept in the entry until it is sent. */
  photos: Blob[];
}

/**
 * Feedback with photos on a delivered online order (docs/api.md#feedback feedback/send, multipart). Queued:
 * offline the feedback and its photos wait in the outbox and go once when the network is back;
 * the Idempotency-Key keeps a resend after a lost answer from making a second one. The shop and
 * the feedback token travel in the form, never in the URL.
 */
export const feedbackSendKind = defineMutation<FeedbackSendPayload, typeof feedbackSend>({
  kind: 'feedback-send',
  call: feedbackSend,
  title: 'Відгук',
  // The order can take no more feedback: the flags are asked afresh on the next pull.
  ...feedbackKind<FeedbackSendPayload>('feedbackFlags'),
  async buildRequest(entry, { db, transport, now, memo }) {
    const p = entry.payload;
    return {
      orderId: String(p.orderId),
      rating: String(p.rating),
      text: p.text,
      shop: p.shop,
      token: await feedbackToken(db, transport, now(), memo),
    };
  },
  files: (entry) => ({ photos: entry.payload.photos }),
  describeRefusal(entry, error) {
    return {
      what: `Відгук ${entry.payload.rating} ★${entry.payload.text ? `: «${entry.payload.text.slice(0, 40)}${entry.payload.text.length > 40 ? '…' : ''}»` : ''}`,
      why: error.message,
      fixAt: { path: '/feedback', label: 'До відгуків' },
    };
  },
});

/** Domain action: keeps the feedback on this device and queues it (photos resized beforehand). */
export function queueOnlineFeedback(
  db: ClubDb,
  account: Account,
  f: Omit<FeedbackSendPayload, 'localId'>,
  localId: string,
  now = Date.now(),
): Promise<OutboxEntry<FeedbackSendPayload>> {
  const row = { orderId: f.orderId, source: 'online', photoCount: f.photos.length } as const;
  return queueFeedback(db, feedbackSendKind, account, { localId, ...f }, row, now);
}
