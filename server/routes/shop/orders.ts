import type { Hono } from 'hono';
import type * as z from 'zod/mini';
import { createOrder, getOrders, type orderSummary } from '../../../src/contract/shop-order';
import { PRODUCT_TAGS } from '../../../src/domain/catalogue/catalogue';
import type { AppEnv } from '../../context';
import type { Db } from '../../db/connect';
import { unprocessable } from '../../errors';
import { mount } from '../../http/route';
import { ownedCustomer, tagsOf } from '../../members';
import { productImage } from './catalogue-data';
import { createOrderFor } from './order-create';
import { REFUNDS_OPEN } from './payment-refund';

type OrderSummary = z.infer<typeof orderSummary>;

/** The most orders one history answer carries. */
const HISTORY_LIMIT = 200;

/** A delivered order is delivered whatever its shipment step last said. */
function shipmentOf(o: { fulfillment_status: string | null; shipment_status: string | null }): string | null {
  return o.fulfillment_status === 'fulfilled' ? 'delivered' : o.shipment_status;
}

async function historyOf(db: Db, customerId: number): Promise<OrderSummary[]> {
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  if (orders.length === 0) return [];
  const lines = await db
    .selectFrom('order_lines')
    .select(['id', 'order_id', 'product_id', 'variant_id', 'title', 'quantity', 'price', 'xp_price'])
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('id')
    .execute();
  const byOrder = new Map<number, OrderSummary['lines']>();
  for (const l of lines) {
    const list = byOrder.get(l.order_id) ?? [];
    list.push({
      id: l.id,
      variant_id: l.variant_id,
      title: l.title,
      quantity: l.quantity,
      price: l.price / 100,
      bonuses: l.xp_price,
      image: productImage(l.product_id),
    });
    byOrder.set(l.order_id, list);
  }
  const refunds = await refundsOf(
    db,
    orders.map((o) => o.id),
  );
  return orders.map((o) => ({
    id: o.id,
    order_number: o.order_number,
    created_at: o.created_at,
    financial_status: o.financial_status,
    fulfillment_status: o.fulfillment_status,
    shipment_status: shipmentOf(o),
    payment_method: o.payment_method,
    // Orders written before the shop kept a subtotal show their total as one.
    subtotal: Math.max(o.subtotal, o.total) / 100,
    discount: o.discount / 100,
    total: o.total / 100,
    xp_total: o.xp_total,
    shipping_option: o.shipping_option,
    tags: tagsOf(o),
    delivery: { method: o.delivery_method, city: o.delivery_city, address: o.delivery_address },
    note: o.note,
    ...(refunds.has(o.id) ? { refunds: refunds.get(o.id) } : {}),
    lines: byOrder.get(o.id) ?? [],
  }));
}

/** Second payments of these orders that go back to the payer (payment-refund.ts), by order. */
async function refundsOf(db: Db, orderIds: number[]): Promise<Map<number, NonNullable<OrderSummary['refunds']>>> {
  const rows = await db
    .selectFrom('card_payments')
    .select(['order_id', 'amount', 'status', 'refunded_at'])
    .where('order_id', 'in', orderIds)
    .where('status', 'in', [...REFUNDS_OPEN, 'refunded'])
    .orderBy('id')
    .execute();
  const byOrder = new Map<number, NonNullable<OrderSummary['refunds']>>();
  for (const r of rows) {
    const list = byOrder.get(r.order_id) ?? [];
    list.push({
      amount: r.amount / 100,
      status: r.status === 'refunded' ? 'refunded' : 'refunding',
      refunded_at: r.refunded_at,
    });
    byOrder.set(r.order_id, list);
  }
  return byOrder;
}

/** create-order and get-orders (docs/api.md#orders). */
export function registerOrders(app: Hono<AppEnv>): void {
  // Every placed order stores its answer in the order's own transaction (order-create.ts).
  mount(
    app,
    createOrder,
    async ({ input, member, deps, idempotency }) => createOrderFor(deps, member, input, deps.clock.now(), idempotency),
    {
      settlesInTransaction: true,
    },
  );

  mount(app, getOrders, async ({ input, member, deps }) => {
    const customer = await ownedCustomer(deps.db, member, input.shopifyId);
    if (customer.variant !== input.variant)
      throw unprocessable('customer_variant_mismatch', 'Цей обліковий запис належить іншому магазину');
    const list = await historyOf(deps.db, customer.id);
    const mix = await deps.db
      .selectFrom('products')
      .select('id')
      .where('variant', '=', input.variant)
      .where('tags', 'like', `%"${PRODUCT_TAGS.mixPack}"%`)
      .orderBy('id')
      .execute();
    const mixPackIds = mix.map((p) => p.id);
    return { list, mixPackIds, mixQuant: await mixUnits(deps.db, customer.id, mixPackIds) };
  });
}

/** Units of the tasting sets in the record's orders that did not fail. */
async function mixUnits(db: Db, customerId: number, mixPackIds: number[]): Promise<number> {
  if (mixPackIds.length === 0) return 0;
  const r = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select((eb) => eb.fn.sum<number | string | null>('l.quantity').as('n'))
    .where('o.customer_id', '=', customerId)
    .where('o.financial_status', '!=', 'failed')
    .where('l.product_id', 'in', mixPackIds)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
