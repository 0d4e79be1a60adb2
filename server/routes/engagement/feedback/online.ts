import type { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  feedbackCanWriteByOrder,
  feedbackGetAuth,
  feedbackGetList,
  feedbackGetPhoto,
  feedbackSend,
  feedbackShop,
} from '../../../../src/contract/feedback';
import type { AppEnv } from '../../../context';
import type { Db } from '../../../db/connect';
import { badRequest, forbidden, notFound, unprocessable } from '../../../errors';
import { mount, parseInput } from '../../../http/route';
import { ownedCustomer } from '../../../members';
import { bearerHash, issueToken } from '../../../security/tokens';
import { isUniqueViolation } from '../../../db/unique-violation';
import { feedbackExists, feedbackOf, requireFeedbackToken } from './access';
import { photosOf } from './photos';

type Shop = z.infer<typeof feedbackShop>;

/** velo is sold in the ogo shop, so velo feedback is about ogo orders. */
function shopSells(shop: Shop, variant: string): boolean {
  return shop === variant || (shop === 'velo' && variant === 'ogo');
}

/** Orders that may take feedback: delivered, not failed or refunded, none given yet. */
function reviewableOrders(db: Db, customerIds: number[]) {
  return db
    .selectFrom('orders as o')
    .leftJoin('feedback_entries as f', 'f.order_id', 'o.id')
    .select(['o.id', 'o.order_number', 'o.created_at', 'o.total'])
    .where('o.customer_id', 'in', customerIds)
    .where('o.fulfillment_status', '=', 'fulfilled')
    .where('o.financial_status', 'not in', ['failed', 'refunded'])
    .where('f.id', 'is', null);
}

const queryOfSend = z.object({ shop: feedbackShop });

/** feedback/get-auth, can-write-by-order, send, and the owner's own get-list and get-photo. */
export function registerFeedbackOnline(app: Hono<AppEnv>): void {
  mount(app, feedbackGetAuth, async ({ member, deps, c }) =>
    issueToken(deps.db, member.id, 'feedback', deps.clock.now(), bearerHash(c.req.header('authorization'))),
  );

  mount(app, feedbackCanWriteByOrder, async ({ input, member, deps }) => {
    await requireFeedbackToken(deps, member, input.token);
    const customer = await ownedCustomer(deps.db, member, input.shopifyId);
    if (!shopSells(input.shop, customer.variant))
      throw unprocessable('shop_mismatch', 'Цей обліковий запис належить іншому магазину');
    let q = reviewableOrders(deps.db, [customer.id]);
    if (input.orders) {
      if (input.orders.length === 0) return { shop: input.shop, showCan: false, canFeedback: [] };
      const named = await deps.db
        .selectFrom('orders as o')
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .select(['o.id', 'c.member_id'])
        .where('o.id', 'in', input.orders)
        .execute();
      if (named.length < new Set(input.orders).size) throw notFound('Замовлення не знайдено', 'order_not_found');
      if (named.some((o) => o.member_id !== member.id)) throw forbidden('Це не твоє замовлення', 'not_owner');
      q = q.where('o.id', 'in', input.orders);
    }
    const canFeedback = await q.orderBy('o.created_at', 'desc').execute();
    return { shop: input.shop, showCan: canFeedback.length > 0, canFeedback };
  });

  // The entry, its photos and the answer stored under the Idempotency-Key in one transaction (on
  // a database this process alone uses, the key needs no commit of its own: server/http/idempotency.ts).
  mount(
    app,
    feedbackSend,
    async ({ input, member, deps, c, form, idempotency }) => {
      await requireFeedbackToken(deps, member, c.req.query('token') ?? input.token);
      const { shop } = parseInput(queryOfSend, { shop: c.req.query('shop') ?? input.shop });
      const photos = await photosOf(form);
      const db = deps.db;
      const order = await db
        .selectFrom('orders as o')
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .select(['o.id', 'o.variant', 'o.fulfillment_status', 'o.financial_status', 'c.member_id'])
        .where('o.id', '=', Number(input.orderId))
        .executeTakeFirst();
      if (!order) throw notFound('Замовлення не знайдено', 'order_not_found');
      if (order.member_id !== member.id) throw forbidden('Це не твоє замовлення', 'not_owner');
      if (!shopSells(shop, order.variant))
        throw unprocessable('shop_mismatch', 'Замовлення зроблено в іншому магазині');
      if (order.fulfillment_status !== 'fulfilled' || ['failed', 'refunded'].includes(order.financial_status)) {
        throw unprocessable('order_not_delivered', 'Відгук можна залишити після отримання замовлення');
      }
      const now = deps.clock.now().toISOString();
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('feedback_entries')
            .values({
              member_id: member.id,
              kind: 'online',
              shop,
              order_id: order.id,
              offline_purchase_id: null,
              rating: Number(input.rating),
              text: (input.text ?? '').trim(),
              phone: null,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (photos.length > 0) {
            await trx
              .insertInto('feedback_photos')
              .values(
                photos.map((p) => ({
                  feedback_id: row.id,
                  mime: p.mime,
                  size: p.size,
                  data: Buffer.from(p.data),
                  created_at: now,
                })),
              )
              .execute();
          }
          const [feedback] = await feedbackOf(trx, member.id, row.id);
          if (!feedback) throw new Error('feedback not stored');
          const answer = { feedback };
          if (idempotency) await idempotency.settleIn(trx, answer);
          return answer;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw feedbackExists();
        throw err;
      }
    },
    { settlesInTransaction: true },
  );

  mount(app, feedbackGetList, async ({ input, member, deps }) => {
    await requireFeedbackToken(deps, member, input.token);
    return { feedback: await feedbackOf(deps.db, member.id) };
  });

  // the bearer alone proves whose photo it is. A feedback token in the URL
  // would land in access and proxy logs, so one sent there is refused rather than used.
  mount(app, feedbackGetPhoto, async ({ input, member, deps, c }) => {
    if (c.req.query('token') !== undefined) {
      throw badRequest('token_in_url', 'Токен не передають в адресі запиту: достатньо входу в клуб');
    }
    const row = await deps.db
      .selectFrom('feedback_photos as p')
      .innerJoin('feedback_entries as f', 'f.id', 'p.feedback_id')
      .select(['p.id', 'p.feedback_id', 'p.mime', 'p.size', 'p.data', 'f.member_id'])
      .where('p.id', '=', Number(input.id))
      .executeTakeFirst();
    if (!row) throw notFound('Фото не знайдено', 'photo_not_found');
    if (row.member_id !== member.id) throw forbidden('Це не твоє фото', 'not_owner');
    const data = Buffer.from(row.data).toString('base64');
    return { id: row.id, feedbackId: row.feedback_id, mime: row.mime, size: row.size, data };
  });
}
