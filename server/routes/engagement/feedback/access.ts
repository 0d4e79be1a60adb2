import type { FeedbackEntry } from '../../../../src/contract/feedback';
import type { AppDeps, Member } from '../../../context';
import type { Db } from '../../../db/connect';
import { conflict, unauthorized } from '../../../errors';
import { memberForToken } from '../../../security/tokens';

/** docs/rules.md#error-reactions: a dead, unknown or foreign feedback token is a 401; the app then clears its feedback token. */
export async function requireFeedbackToken(deps: AppDeps, member: Member, token: string | undefined): Promise<void> {
  const owner = token ? await memberForToken(deps.db, token, 'feedback', deps.clock.now()) : null;
  if (owner !== member.id) throw unauthorized('Сесія відгуків завершилась. Спробуй ще раз', 'feedback_unauthenticated');
}

export const feedbackExists = () => conflict('feedback_exists', 'Відгук на цю покупку вже залишено');

/**
 * The member's feedback (or one of it), newest first, with the photos' ids, the variant it
 * belongs to and what was rated (the order's № and date, or the store and the purchase date).
 */
export async function feedbackOf(db: Db, memberId: number, onlyId?: number): Promise<FeedbackEntry[]> {
  let q = db
    .selectFrom('feedback_entries as f')
    .leftJoin('orders as o', 'o.id', 'f.order_id')
    .leftJoin('feedback_offline_purchases as p', 'p.id', 'f.offline_purchase_id')
    .selectAll('f')
    .select(['o.order_number', 'o.created_at as ordered_at', 'p.brand', 'p.store_name', 'p.purchased_at'])
    .where('f.member_id', '=', memberId);
  if (onlyId !== undefined) q = q.where('f.id', '=', onlyId);
  const rows = await q.orderBy('f.id', 'desc').execute();
  if (rows.length === 0) return [];
  const photos = await db
    .selectFrom('feedback_photos')
    .select(['id', 'feedback_id', 'mime', 'size'])
    .where(
      'feedback_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    shop: r.shop,
    orderId: r.order_id,
    offlinePurchaseId: r.offline_purchase_id,
    rating: r.rating,
    text: r.text,
    created_at: r.created_at,
    photos: photos.filter((p) => p.feedback_id === r.id).map((p) => ({ id: p.id, mime: p.mime, size: p.size })),
    variant: r.kind === 'offline' ? (r.brand ?? 'glo') : r.shop === 'glo' ? 'glo' : 'ogo',
    orderNumber: r.order_number ?? null,
    store: r.store_name ?? null,
    boughtAt: r.ordered_at ?? r.purchased_at ?? null,
  }));
}
