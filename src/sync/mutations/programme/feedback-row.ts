import type { ApiCallError } from '../../../api/errors';
import type { CallDef } from '../../../contract/define';
import type { FeedbackEntry } from '../../../contract/feedback';
import type { ClubDb } from '../../../db/database';
import { clearFresh } from '../../../db/kv';
import type { FeedbackRow } from '../../../db/rows-queued';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { mutate } from '../../engine/enqueue';
import type { MutationKind } from '../../engine/registry';
import { FEEDBACK_TOKEN_DEAD } from '../../engine/tokens';
import { FEEDBACK_DOCS, type FeedbackList } from '../../pullers/feedback';
import { readDoc, refusalOf, writeDoc } from './docs';

/** Puts a feedback the server accepted at the top of the stored list (the next pull replaces it anyway). */
export async function rememberSent(db: ClubDb, account: Account, feedback: FeedbackEntry, now: number): Promise<void> {
  const list = (await readDoc<FeedbackList>(db, account.variant, FEEDBACK_DOCS.list)) ?? { feedback: [] };
  await writeDoc(
    db,
    account.variant,
    FEEDBACK_DOCS.list,
    { feedback: [feedback, ...list.feedback.filter((f) => f.id !== feedback.id)] },
    now,
  );
}

/**
 * What both feedback kinds (on an online order, on an in-store purchase) are, and how they settle
 * the `feedback` row that shows them on this device: sent, and at the top of the stored list, with
 * `stale` (what the answer changed on the server) asked afresh on the next pull; refused, with the
 * server's reason; waiting again when the member retries. A dead feedback token is fetched anew, once.
 */
export function feedbackKind<P extends { localId: string }>(stale: string) {
  return {
    noun: ['відгук', 'відгуки', 'відгуків'] as const,
    tables: ['feedback', 'docs'] as const,
    views: ['feedback'] as const,
    async apply(answer: { feedback: FeedbackEntry }, entry: OutboxEntry<P>, db: ClubDb): Promise<void> {
      await db.feedback.update(entry.payload.localId, { state: 'sent', message: null });
      await rememberSent(db, entry.account, answer.feedback, Date.now());
      await clearFresh(db, stale);
    },
    async undo(entry: OutboxEntry<P>, db: ClubDb): Promise<void> {
      const why = await refusalOf(db, entry.id, 'Відгук не прийнято');
      await db.feedback.update(entry.payload.localId, { state: 'refused', message: why?.message ?? null });
    },
    async redo(entry: OutboxEntry<P>, db: ClubDb): Promise<void> {
      await db.feedback.update(entry.payload.localId, { state: 'waiting', message: null });
    },
    refreshOn: (e: ApiCallError) => e.status === 401 && e.code === FEEDBACK_TOKEN_DEAD,
  };
}

/** Keeps a feedback on this device, waiting, and queues it as `kind` (the payload names its row). */
export function queueFeedback<P extends { localId: string; rating: number; text: string }, C extends CallDef>(
  db: ClubDb,
  kind: MutationKind<P, C>,
  account: Account,
  payload: P,
  row: Pick<FeedbackRow, 'orderId' | 'source' | 'photoCount'>,
  now: number,
): Promise<OutboxEntry<P>> {
  return mutate(db, kind, {
    account,
    now,
    change: async () => {
      await db.feedback.put({
        id: payload.localId,
        variant: account.variant,
        ...row,
        rating: payload.rating,
        text: payload.text,
        state: 'waiting',
        message: null,
        createdAt: now,
      });
      return payload;
    },
  });
}
