import { shopApi } from '../../api/groups/shop';
import type { CallResponse } from '../../contract/define';
import type { getOrders } from '../../contract/shop-order';
import { readSession } from '../auth/session';
import { docPuller } from './doc';
import type { Puller } from './puller';

export type OrdersAnswer = CallResponse<typeof getOrders>;
export type OrderSummaryRow = OrdersAnswer['list'][number];

/** The `docs` key of the purchase history. */
export const ORDERS_DOC = 'orders';

/** The history counts as fresh for a minute: statuses move (payment, shipment), and the page asks on open. */
export const ORDERS_FRESH_FOR = 60_000;

/**
 * Purchase history of one variant's record (docs/api.md#orders get-orders {variant, shopifyId}), kept whole
 * in `docs` so /history-order reads it offline after one visit. Nothing to pull while signed out
 * or without a record of that variant.
 */
export function ordersPuller(variant: 'glo' | 'ogo'): Puller<OrdersAnswer> {
  return docPuller<OrdersAnswer>({
    key: ORDERS_DOC,
    variant,
    freshFor: ORDERS_FRESH_FOR,
    async fetch({ db, transport }) {
      const shopifyId = (await readSession(db))?.customerIds[variant];
      if (!shopifyId) return null;
      return shopApi(transport).getOrders({ variant, shopifyId });
    },
  });
}
