import { feedbackSend, type FeedbackEntry } from '../../contract/feedback';
import type { ClubDb } from '../../db/database';
import { clearFresh } from '../../db/kv';
import type { Account, OutboxEntry } from '../../db/rows-sync';
import { mutate } from '../engine/enqueue';
import { FEEDBACK_DOCS, type FeedbackList } from '../pullers/feedback';
import { defineMutation } from '../engine/registry';
import { FEEDBACK_TOKEN_DEAD, feedbackToken } from '../engine/tokens';
import { readDoc, refusalOf, writeDoc } from './programme-docs';

export interface FeedbackSendPayload {
  /** The `feedback` row that shows it on this device (stays the same when the entry is retried under a new key). */
  localId: string;
  orderId: number;
  /** 'velo' for velo orders of the ogo shop (spec §3 per brand velo, ogo, glo). */
  shop: 'glo' | 'ogo' | 'velo';
  rating: number;
  text: string;
  /** Photos already resized on the phone (JPEG), kept in the entry until it is sent. */
  photos: Blob[];
}

/** Puts a feedback the server accepted at the top of the stored list (the next pull replaces it anyway). */
export async function rememberSent(db: ClubDb, account: Account, feedback: FeedbackEntry, now: number): Promise<void> {
  const list = (await readDoc<FeedbackList>(db, account.variant, FEEDBACK_DOCS.list)) ?? { feedback: [] };
  await writeDoc(db, account.variant, FEEDBACK_DOCS.list, { feedback: [feedback, ...list.feedback.filter((f) => f.id !== feedback.id)] }, now);
}

/**
 * Feedback with photos on a delivered online order (spec §7 feedback/send, multipart). Queued:
 * offline the feedback and its photos wait in the outbox and go once when the network is back;
 * the Idempotency-Key keeps a resend after a lost answer from making a second one. The shop and
 * the feedback token travel in the form, never in the URL.
 */
export const feedbackSendKind = defineMutation<FeedbackSendPayload, typeof feedbackSend>({
  kind: 'feedback-send',
  call: feedbackSend,
  title: 'Відгук',
  noun: ['відгук', 'відгуки', 'відгуків'],
  tables: ['feedback', 'docs'],
  views: ['feedback'],
  batchable: true,
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
  async apply(answer, entry, db) {
    await db.feedback.update(entry.payload.localId, { state: 'sent', message: null });
    await rememberSent(db, entry.account, answer.feedback, Date.now());
    // The order can take no more feedback: the flags are asked afresh on the next pull.
    await clearFresh(db, 'feedbackFlags');
  },
  async undo(entry, db) {
    const why = await refusalOf(db, entry.id, 'Відгук не прийнято');
    await db.feedback.update(entry.payload.localId, { state: 'refused', message: why?.message ?? null });
  },
  async redo(entry, db) {
    await db.feedback.update(entry.payload.localId, { state: 'waiting', message: null });
  },
  refreshOn: (e) => e.status === 401 && e.code === FEEDBACK_TOKEN_DEAD,
  describeRefusal(entry, error) {
    return { what: `Відгук ${entry.payload.rating} ★${entry.payload.text ? `: «${entry.payload.text.slice(0, 40)}${entry.payload.text.length > 40 ? '…' : ''}»` : ''}`, why: error.message, fixAt: { path: '/feedback', label: 'До відгуків' } };
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
  return mutate(db, feedbackSendKind, {
    account,
    now,
    change: async () => {
      await db.feedback.put({
        id: localId,
        variant: account.variant,
        orderId: f.orderId,
        source: 'online',
        rating: f.rating,
        text: f.text,
        photoCount: f.photos.length,
        state: 'waiting',
        message: null,
        createdAt: now,
      });
      return { localId, ...f };
    },
  });
}
