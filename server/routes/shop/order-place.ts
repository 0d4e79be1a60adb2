import { sql, type Insertable, type Transaction } from 'kysely';
import { VELO_USED_TAG } from '../../../src/domain/cart/velo-promo';
import { isPostgres, type Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { OrdersTable } from '../../db/tables/shop';
import { conflict, unprocessable } from '../../errors';
import { tagsOf } from '../../members';
import { changeXp } from '../../xp';
import { recordCodes } from './friend-reward';
import type { OrderDraft } from './order-draft';
import { payloadOf } from './stored-payload';

type Trx = Transaction<Database>;

/** The shop's first order number; numbers already taken (imports, demo data) are skipped. */
export const FIRST_ORDER_NUMBER = 10_231;

export interface PlacedOrder {
  id: number;
  order_number: number;
  balance: number;
}

const bumpCounter = async (trx: Trx) =>
  (
    await trx
      .updateTable('shop_counters')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where('name', '=', 'order_number')
      .returning('value')
      .executeTakeFirst()
  )?.value;

const insertOrder = (trx: Trx, row: Insertable<OrdersTable>) =>
  trx
    .insertInto('orders')
    .values(row)
    .onConflict((oc) => oc.column('order_number').doNothing())
    .returning('id')
    .executeTakeFirst();

/** Counts the order on the record and answers the XP left; `firstOnly` refuses unless it is the first. */
function countOrder(trx: Trx, id: number, spent: number, firstOnly: boolean) {
  const q = trx
    .updateTable('customers')
    .set((eb) => ({ orders_count: eb('orders_count', '+', 1), total_spent: eb('total_spent', '+', spent) }))
    .where('id', '=', id);
  return (firstOnly ? q.where('orders_count', '=', 0) : q).returning('xp_balance').executeTakeFirst();
}

/**
 * The next order number: on PostgreSQL from the `order_numbers` sequence (no lock held until the
 * commit, so concurrent orders commit together; migration 016), on SQLite from the counter row
 * (one writer at a time there anyway).
 */
async function nextOrderNumber(trx: Trx): Promise<number> {
  if (isPostgres(trx)) {
    return Number((await sql<{ n: string }>`select nextval('order_numbers') as n`.execute(trx)).rows[0]!.n);
  }
  const n = await bumpCounter(trx);
  if (n !== undefined) return n;
  await trx
    .insertInto('shop_counters')
    .values({ name: 'order_number', value: FIRST_ORDER_NUMBER - 1 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await bumpCounter(trx)) ?? FIRST_ORDER_NUMBER;
}

/** docs/rules.md#validation: marks the velo discount used, compare-and-set so two orders cannot both take it. */
async function useVeloDiscount(trx: Trx, customerId: number, seenTags: string): Promise<void> {
  let current = seenTags;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const tags = tagsOf({ tags: current });
    if (tags.includes(VELO_USED_TAG)) throw unprocessable('promo_not_applicable', 'Знижку velo вже використано');
    const r = await trx
      .updateTable('customers')
      .set({ tags: JSON.stringify([...tags, VELO_USED_TAG]) })
      .where('id', '=', customerId)
      .where('tags', '=', current)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) return;
    current = (await trx.selectFrom('customers').select('tags').where('id', '=', customerId).executeTakeFirstOrThrow())
      .tags;
  }
  throw conflict('tags_changed', 'Дані клієнта щойно змінилися. Спробуй ще раз');
}

async function writeOrder(trx: Trx, d: OrderDraft, now: Date): Promise<PlacedOrder> {
  const at = now.toISOString();
  let orderNumber = 0;
  let id: number | undefined;
  for (let tries = 0; id === undefined && tries < 1000; tries += 1) {
    orderNumber = await nextOrderNumber(trx);
    const row = await insertOrder(trx, {
      customer_id: d.customer.id,
      variant: d.variant,
      order_number: orderNumber,
      financial_status: d.financial,
      fulfillment_status: null,
      payment_method: d.paymentMethod,
      total: d.moneyKop,
      xp_total: d.xp,
      tags: JSON.stringify(d.tags),
      note: d.note,
      payload: payloadOf(d, orderNumber),
      created_at: at,
      updated_at: at,
      subtotal: d.subtotalKop,
      discount: d.discountKop,
      shipping_option: d.shippingOption,
      delivery_method: d.delivery.method,
      delivery_city: d.delivery.city,
      delivery_address: d.address1,
      shipment_status: null,
    });
    id = row?.id;
  }
  if (id === undefined) throw new Error('no free order number');
  const lines = d.items.map((i) => ({
    order_id: id,
    product_id: i.product.id,
    variant_id: i.product.variant_id,
    title: i.product.title,
    quantity: i.quantity,
    price: i.unitKop,
    xp_price: i.xp,
  }));
  await trx.insertInto('order_lines').values(lines).execute();
  return { id, order_number: orderNumber, balance: 0 };
}

/**
 * Writes an order in one transaction: number, lines, the XP spend (changeXp: a shortfall is 422
 * and nothing is kept), the record's counters, the velo discount mark and the friend's reward;
 * then `finish`, in the same transaction.
 */
export async function placeOrder(
  db: Db,
  d: OrderDraft,
  now: Date,
  finish?: (trx: Trx, placed: PlacedOrder) => Promise<void>,
): Promise<PlacedOrder> {
  try {
    return await db.transaction().execute(async (trx) => {
      const placed = await writeOrder(trx, d, now);
      if (d.xp > 0) {
        await changeXp(trx, {
          customerId: d.customer.id,
          amount: -d.xp,
          reason: 'order',
          title: `Замовлення №${placed.order_number}`,
          ref: `order:${placed.id}`,
          now,
        });
      }
      // docs/rules.md#validation: the friend code is for a first order; checked again here against a racing one.
      const counted = await countOrder(trx, d.customer.id, d.moneyKop, d.friend !== null);
      if (!counted) throw unprocessable('friend_code_not_applicable', 'Код друга діє лише для першого замовлення');
      if (d.veloCode) await useVeloDiscount(trx, d.customer.id, d.customer.tags);
      await recordCodes(trx, d, placed, now);
      const done = { ...placed, balance: counted.xp_balance };
      // Last in the transaction, e.g. the answer stored under the call's Idempotency-Key.
      if (finish) await finish(trx, done);
      return done;
    });
  } catch (err) {
    // PostgreSQL may pick this transaction as a deadlock or serialization victim: a retry will do.
    const code = (err as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') throw conflict('busy', 'Сервер зайнятий. Спробуй ще раз');
    throw err;
  }
}
