import { sendPromocode } from '../../../contract/shop-payment';
import { defineMutation } from '../../engine/registry';

export interface PromocodePayload {
  code: string;
  orderId: number;
  /** The shop the order was placed in (docs/api.md#orders send-promocode `shopDomain`). */
  shopDomain: string;
}

/** The shop domains of the variants, as send-promocode names them. */
export const SHOP_DOMAINS = { glo: 'glo.club.ua', ogo: 'ogo.club.ua' } as const;

/** send-promocode (docs/api.md#orders): the promo code an order used, recorded against it; queued, sent when there is a network. */
export const orderPromocode = defineMutation<PromocodePayload, typeof sendPromocode>({
  kind: 'order-promocode',
  call: sendPromocode,
  title: 'Промокод замовлення',
  noun: ['промокод', 'промокоди', 'промокодів'],
  tables: [],
  views: ['orders'],
  async buildRequest(entry) {
    return { ...entry.payload };
  },
});
