// The feedback screen's actions (docs/rules.md#entities, docs/api.md#feedback, docs/rules.md#error-reactions, docs/rules.md#constants), loaded on first use through
// ./lazy.ts.
export { programmeEnv } from './env';
import { kvGet, kvSet } from '../../db/kv';
import type { Variant } from '../../db/rows-catalogue';
import { FEEDBACK_MAX_PHOTO_BYTES, feedbackProblem } from '../../domain/feedback/rules';
import type { AuthEnv } from '../auth/actions';
import { pullContext } from '../auth/member';
import { queueOnlineFeedback } from '../mutations/programme/feedback-send';
import { queueStoreFeedback } from '../mutations/programme/feedback-send-offline';
import { ProgrammeError, SIGNED_OUT } from './errors';
import {
  backgroundImportPuller,
  feedbackFlagsPuller,
  feedbackListPuller,
  feedbackPhotoPuller,
  offlineOrdersPuller,
} from '../pullers/feedback';
import { runPuller, type PullResult } from '../pullers/puller';
import { accountOf, readSession } from '../auth/session';
import { uuidV4 } from '../engine/uuid';

/**
 * /feedback: what can be rated and what was sent. The flags keep their docs/rules.md#constants lifetimes (per brand
 * 30 min, in-store orders 30 min, the background import 24 h) unless `force`.
 */
export async function pullFeedback(env: AuthEnv, variant: Variant, force = false): Promise<PullResult> {
  const ctx = pullContext(env);
  const flags = await runPuller(feedbackFlagsPuller, ctx, force);
  await runPuller(backgroundImportPuller, ctx);
  await runPuller(offlineOrdersPuller, ctx, force);
  await runPuller(feedbackListPuller(variant), ctx, force);
  return flags;
}

/** One sent photo, for its thumbnail. */
export function pullFeedbackPhoto(env: AuthEnv, variant: Variant, photoId: number): Promise<PullResult> {
  return runPuller(feedbackPhotoPuller(variant, photoId), pullContext(env));
}

export interface OnlineFeedback {
  orderId: number;
  shop: 'glo' | 'ogo' | 'velo';
  rating: number | null;
  text: string;
  /** Resized on the phone already (src/features/feedback/resize-photo.ts). */
  photos: Blob[];
}

function checked(rating: number | null, text: string, photos: readonly Blob[]): { rating: number; text: string } {
  const problem = feedbackProblem({ rating, text, photoCount: photos.length });
  if (problem) throw new ProgrammeError(problem.message, `invalid_${problem.field}`, problem.field);
  if (photos.some((p) => p.size > FEEDBACK_MAX_PHOTO_BYTES))
    throw new ProgrammeError('Фото завелике: не більше 5 МБ', 'photo_too_large', 'photos');
  return { rating: rating ?? 0, text: text.trim() };
}

/**
 * Queues feedback on an online order with its photos. Offline it waits in the outbox (photos
 * included) and goes once when the network is back; nothing is sent when the form is wrong.
 */
export async function sendOnlineFeedback(
  env: AuthEnv,
  variant: Variant,
  f: OnlineFeedback,
): Promise<{ localId: string }> {
  const { rating, text } = checked(f.rating, f.text, f.photos);
  const account = await accountOf(env.db, variant === 'velo' ? 'ogo' : variant);
  if (!account) throw new ProgrammeError(SIGNED_OUT, 'signed_out');
  const localId = uuidV4();
  await queueOnlineFeedback(
    env.db,
    account,
    { orderId: f.orderId, shop: f.shop, rating, text, photos: [...f.photos] },
    localId,
    env.now(),
  );
  return { localId };
}

/** Queues feedback on an in-store purchase (no photos: docs/api.md#feedback send-offline takes none). */
export async function sendStoreFeedback(
  env: AuthEnv,
  variant: Variant,
  f: { purchaseId: number; rating: number | null; text: string },
): Promise<{ localId: string }> {
  const { rating, text } = checked(f.rating, f.text, []);
  const s = await readSession(env.db);
  const account = await accountOf(env.db, variant);
  if (!s?.phone || !account) throw new ProgrammeError(SIGNED_OUT, 'signed_out');
  const localId = uuidV4();
  await queueStoreFeedback(
    env.db,
    account,
    { purchaseId: f.purchaseId, rating, text, phone: s.phone },
    localId,
    env.now(),
  );
  return { localId };
}

/** The popup (docs/rules.md#entities) asked about `orderId`: it is not asked again, whatever the answer. */
export async function markFeedbackPromptShown(env: Pick<AuthEnv, 'db' | 'now'>, orderId: number): Promise<void> {
  await env.db.transaction('rw', env.db.kv, async () => {
    const shown = (await kvGet(env.db, 'feedbackPromptShown')) ?? [];
    if (!shown.includes(orderId)) await kvSet(env.db, 'feedbackPromptShown', [...shown.slice(-49), orderId], env.now());
  });
}
