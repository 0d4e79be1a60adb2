import { getLiqpayLink } from '../../../contract/shop-payment';
import type { ClubDb } from '../../../db/database';
import { kvSet } from '../../../db/kv';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { mutate } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';

export interface PaymentLinkPayload {
  orderId: number;
}

/**
 * get-liqpay-link (docs/rules.md#states "Card payment", docs/api.md#orders), online only. Each ask is its own entry (its own
 * key): an answer without a link is asked again, and a stored answer would only repeat itself.
 * The answer is kept under the entry's id for the caller (docs/rules.md#states: "success with link stores it").
 */
export const orderPaymentLink = defineMutation<PaymentLinkPayload, typeof getLiqpayLink>({
  kind: 'order-payment-link',
  call: getLiqpayLink,
  title: 'Посилання на оплату',
  noun: ['запит посилання на оплату', 'запити посилання на оплату', 'запитів посилання на оплату'],
  tables: [],
  views: ['orders'],
  onlineOnly: true,
  async buildRequest(entry) {
    return { orderId: entry.payload.orderId, ...(entry.account.variant === 'ogo' ? { ogo: true } : {}) };
  },
  async apply(answer, entry, db) {
    await kvSet(db, 'paymentLink', {
      key: entry.id,
      orderId: entry.payload.orderId,
      success: answer.success,
      link: answer.link,
      at: Date.now(),
    });
  },
});

export function queuePaymentLink(
  db: ClubDb,
  account: Account,
  orderId: number,
  now = Date.now(),
): Promise<OutboxEntry<PaymentLinkPayload>> {
  return mutate(db, orderPaymentLink, { account, now, change: () => ({ orderId }) });
}
