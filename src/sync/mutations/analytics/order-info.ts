import { pwaAddOrderInfo } from '../../../contract/analytics';
import type { ClubDb } from '../../../db/database';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { mutate } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import { ANALYTICS_REPORT } from './report';

export interface OrderInfoPayload {
  /** The order's id (`transaction_id`). */
  orderId: number;
  osName: string;
  osVersion: string;
  phoneBrand: string;
  phoneModel: string;
}

/** docs/rules.md#constants: user-agent style text is cut at 500 characters. */
export const AGENT_TEXT_MAX = 500;
const cut = (s: string) => s.slice(0, AGENT_TEXT_MAX);

/** docs/api.md#analytics analytics/pwa-add-order-info: the device an order was placed from. */
export const analyticsOrderInfo = defineMutation<OrderInfoPayload, typeof pwaAddOrderInfo>({
  kind: 'analytics-order-info',
  call: pwaAddOrderInfo,
  title: 'Дані про пристрій замовлення',
  noun: ['запис про пристрій', 'записи про пристрій', 'записів про пристрій'],
  ...ANALYTICS_REPORT,
  async buildRequest(entry) {
    const p = entry.payload;
    return {
      transaction_id: p.orderId,
      shopify_id: entry.account.customerId,
      os_name: cut(p.osName),
      os_version: cut(p.osVersion),
      phone_brand: cut(p.phoneBrand),
      phone_model: cut(p.phoneModel),
    };
  },
});

/** Domain action for the checkout: queues the device info of an order placed by `account`. */
export function trackOrderDevice(
  db: ClubDb,
  account: Account,
  payload: OrderInfoPayload,
  now = Date.now(),
): Promise<OutboxEntry<OrderInfoPayload>> {
  return mutate(db, analyticsOrderInfo, { account, now, change: () => payload });
}
