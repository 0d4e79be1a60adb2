import type { Hono } from 'hono';
import {
  feedbackGetOfflineOrders,
  feedbackImportOrders,
  feedbackSendOffline,
  type OfflineOrder,
} from '../../../../src/contract/feedback';
import { toUkrainianMobile } from '../../../../src/domain/auth/phone';
import type { AppEnv } from '../../../context';
import { badRequest, forbidden, notFound } from '../../../errors';
import { mount } from '../../../http/route';
import { fetchStorePurchases } from '../../../sandboxes/offline-purchases';
import { isUniqueViolation } from '../../../db/unique-violation';
import { feedbackExists, feedbackOf, requireFeedbackToken } from './access';

type Items = OfflineOrder['items'];

function itemsOf(json: string): Items {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v as Items) : [];
  } catch {
    return [];
  }
}

/** feedback/send-offline, get-offline-orders and import-orders-in-background. */
export function registerFeedbackOffline(app: Hono<AppEnv>): void {
  mount(app, feedbackSendOffline, async ({ input, member, deps }) => {
    await requireFeedbackToken(deps, member, input.token);
    const phone = toUkrainianMobile(input.phone);
    if (!phone) throw badRequest('invalid_phone', 'Вкажи номер телефону у форматі 380XXXXXXXXX');
    const purchase = await deps.db
      .selectFrom('feedback_offline_purchases')
      .select(['id', 'member_id'])
      .where('id', '=', input.purchaseId)
      .executeTakeFirst();
    if (!purchase) throw notFound('Покупку не знайдено', 'purchase_not_found');
    if (purchase.member_id !== member.id) throw forbidden('Це не твоя покупка', 'not_owner');
    let id: number;
    try {
      const row = await deps.db
        .insertInto('feedback_entries')
        .values({
          member_id: member.id,
          kind: 'offline',
          shop: 'offline',
          order_id: null,
          offline_purchase_id: purchase.id,
          rating: input.rating,
          text: (input.text ?? '').trim(),
          phone,
          created_at: deps.clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw feedbackExists();
      throw err;
    }
    const [feedback] = await feedbackOf(deps.db, member.id, id);
    if (!feedback) throw new Error('feedback not stored');
    return { feedback };
  });

  mount(app, feedbackGetOfflineOrders, async ({ input, member, deps }) => {
    await requireFeedbackToken(deps, member, input.token);
    const rows = await deps.db
      .selectFrom('feedback_offline_purchases as p')
      .leftJoin('feedback_entries as f', 'f.offline_purchase_id', 'p.id')
      .select([
        'p.id',
        'p.brand',
        'p.store_name',
        'p.store_address',
        'p.purchased_at',
        'p.items',
        'p.total',
        'f.id as feedback_id',
      ])
      .where('p.member_id', '=', member.id)
      .orderBy('p.purchased_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
    const orders = rows.map((r) => ({
      id: r.id,
      variant: r.brand,
      store: r.store_name,
      address: r.store_address,
      date: r.purchased_at,
      items: itemsOf(r.items),
      total: r.total,
      canFeedback: r.feedback_id === null,
      feedbackId: r.feedback_id,
    }));
    return { showCan: orders.some((o) => o.canFeedback), orders };
  });

  mount(app, feedbackImportOrders, async ({ input, member, deps }) => {
    await requireFeedbackToken(deps, member, input.token);
    const now = deps.clock.now();
    const found = await fetchStorePurchases(member.id, now);
    if (found.length === 0) return { status: 'done' as const, imported: 0 };
    // The receipt id is unique per member: a repeated import inserts nothing.
    const inserted = await deps.db
      .insertInto('feedback_offline_purchases')
      .values(
        found.map((p) => ({
          member_id: member.id,
          brand: p.brand,
          store_name: p.store,
          store_address: p.address,
          purchased_at: p.purchasedAt,
          items: JSON.stringify(p.items),
          total: p.items.reduce((sum, i) => sum + i.price * i.quantity, 0),
          external_ref: p.ref,
          created_at: now.toISOString(),
        })),
      )
      .onConflict((oc) => oc.columns(['member_id', 'external_ref']).doNothing())
      .returning('id')
      .execute();
    return { status: 'done' as const, imported: inserted.length };
  });
}
