import { createOrder } from '../../../contract/shop-order';
import type { ClubDb } from '../../../db/database';
import { kvGet, kvSet, type PlacedOrderRecord } from '../../../db/kv';
import type { OrderRow } from '../../../db/rows-catalogue';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import type { CreateOrderBody } from '../../../domain/order/checkout-summary';
import { mutate } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';

/** What follows an order once the server has it (docs/rules.md#states, docs/api.md#orders), fixed when it is placed. */
export type OrderFollowUp = Pick<
  PlacedOrderRecord,
  'variant' | 'customerId' | 'variantIds' | 'codes' | 'call' | 'ipost'
>;

export interface OrderCreatePayload {
  /** create-order's body as checkoutSummary built it; every retry sends exactly this. */
  request: CreateOrderBody;
  followUp: OrderFollowUp;
  /** The lines as the member saw them, for the order's local row. */
  lines: OrderRow['lines'];
}

/** Placed orders kept on the device: the newest ones; older ones are in the history anyway. */
const PLACED_KEPT = 20;

/**
 * create-order (docs/api.md#orders), online only (`sendOnline`): the entry id is the Idempotency-Key, so a
 * double tap, a retry or a reload mid-request makes one order. The answer becomes the order's
 * local row (keyed to the entry by `clientKey`), the XP left, and a placed-order record whose
 * follow-ups (cart, codes, call-back, courier) run next (sync/checkout).
 */
export const orderCreate = defineMutation<OrderCreatePayload, typeof createOrder>({
  kind: 'order-create',
  call: createOrder,
  title: 'Замовлення',
  noun: ['замовлення', 'замовлення', 'замовлень'],
  tables: ['orders', 'xpBalance'],
  views: ['xp', 'orders'],
  xpMove: () => ({ amount: null, what: 'Замовлення', source: 'order' }),
  answeredOn: ['/history-bonuses'],
  onlineOnly: true,
  async buildRequest(entry) {
    return entry.payload.request;
  },
  async apply(answer, entry, db) {
    const f = entry.payload.followUp;
    const now = Date.now();
    const o = answer.order;
    await db.orders.put({
      variant: f.variant,
      id: o.id,
      orderNumber: String(o.order_number),
      createdAt: new Date(now).toISOString(),
      total: o.total,
      financialStatus: o.financial_status,
      fulfillmentStatus: null,
      lines: entry.payload.lines,
      clientKey: entry.id,
    });
    await db.xpBalance.put({ variant: f.variant, balance: answer.balance, fetchedAt: now });
    const placed = ((await kvGet(db, 'placedOrders')) ?? []).filter((p) => p.key !== entry.id);
    placed.push({
      ...f,
      key: entry.id,
      orderId: o.id,
      orderNumber: o.order_number,
      total: o.total,
      xpTotal: o.xp_total,
      paymentMethod: o.payment_method,
      financialStatus: o.financial_status,
      placedAt: now,
      followUps: 'pending',
      ipostState: f.ipost ? 'waiting' : 'none',
      ipostMessage: null,
    });
    await kvSet(db, 'placedOrders', placed.slice(-PLACED_KEPT), now);
  },
});

/** Queues the order (one entry); `sendOnline` sends it at once. */
export function queueOrder(
  db: ClubDb,
  account: Account,
  payload: OrderCreatePayload,
  now = Date.now(),
): Promise<OutboxEntry<OrderCreatePayload>> {
  return mutate(db, orderCreate, { account, now, change: () => payload });
}
