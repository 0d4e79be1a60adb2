import { buildOrderPayload, type OrderMetafield } from '../../../src/domain/order/payload';
import type { OrderDraft } from './order-draft';

function metafieldsOf(d: OrderDraft): OrderMetafield[] {
  const m: OrderMetafield[] = [{ namespace: 'pwa', key: 'delivery', value: JSON.stringify(d.delivery), type: 'json' }];
  if (d.needCall) m.push({ namespace: 'pwa', key: 'need_call', value: 'true', type: 'boolean' });
  if (d.callBack) m.push({ namespace: 'pwa', key: 'call_back', value: JSON.stringify(d.callBack), type: 'json' });
  return m;
}

/** The Shopify-shaped order of docs/rules.md#entities as stored, with the number and discount it got. */
export function payloadOf(d: OrderDraft, orderNumber: number): string {
  const order = buildOrderPayload({
    customerId: d.customer.id,
    lines: d.items.map((i) => ({
      variant_id: i.product.variant_id,
      quantity: i.quantity,
      price: i.unitKop / 100,
      bonuses: i.xp,
    })),
    recipient: d.recipient,
    address: { city: d.delivery.city, province: d.delivery.province ?? '', address1: d.address1 },
    payment: d.paymentChoice,
    shippingOption: d.shippingOption,
    tags: d.tags,
    note: d.note,
    metafields: metafieldsOf(d),
  });
  const codes = [
    ...(d.veloCode ? [{ code: d.veloCode, amount: (d.discountKop / 100).toFixed(2), type: 'percentage' }] : []),
    ...(d.friend ? [{ code: d.friend.code, amount: '0.00', type: 'referral' }] : []),
  ];
  return JSON.stringify({
    ...order,
    order_number: orderNumber,
    currency: 'UAH',
    subtotal_price: (d.subtotalKop / 100).toFixed(2),
    total_discounts: (d.discountKop / 100).toFixed(2),
    discount_codes: codes,
  });
}
