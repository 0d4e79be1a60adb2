import type { OutboxEntry, OutboxError } from '../../db/rows-sync';
import type { OnlineSource } from './online';
import type { Outbox } from './outbox';

/** Shown when an online-only action (create order, payment link, SMS code) is tried offline. */
export const OFFLINE_ONLY_MESSAGE =
  'Немає з’єднання з інтернетом. Ця дія доступна лише онлайн — підключись і спробуй ще раз.';

export class OfflineError extends Error {
  constructor() {
    super(OFFLINE_ONLY_MESSAGE);
    this.name = 'OfflineError';
  }
}

/** The server refused an online-only action; `reason` is the member-facing text. */
export class MutationRefusedError extends Error {
  constructor(readonly reason: OutboxError) {
    super(reason.message);
    this.name = 'MutationRefusedError';
  }
}

export type OnlineResult =
  /** Accepted: the kind's `apply` stored the answer (e.g. the order, keyed by the entry id). */
  | { state: 'sent'; id: string }
  /** No answer yet (network dropped): it stays queued under the same key and can never be applied twice. */
  | { state: 'waiting'; id: string; reason: string };

/**
 * Runs an online-only action through the outbox, so it carries an Idempotency-Key like every
 * mutation: refuses at once when offline (nothing queued), else queues it with `enqueue`, sends
 * it now and reports the outcome.
 */
export async function sendOnline<P>(
  outbox: Outbox,
  online: OnlineSource,
  enqueue: () => Promise<OutboxEntry<P>>,
): Promise<OnlineResult> {
  if (!online.isOnline()) throw new OfflineError();
  const entry = await enqueue();
  await outbox.replay({ force: true });
  const after = await outbox.db.outbox.get(entry.id);
  if (!after) return { state: 'sent', id: entry.id };
  if (after.state === 'failed' && after.lastError) throw new MutationRefusedError(after.lastError);
  return { state: 'waiting', id: entry.id, reason: after.lastError?.message ?? 'Очікує на з’єднання' };
}
