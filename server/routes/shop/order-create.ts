import type { CallResponse } from '../../../src/contract/define';
import type { createOrder } from '../../../src/contract/shop-order';
import type { AppDeps, Member } from '../../context';
import { unprocessable } from '../../errors';
import { ownedCustomer, variantOf } from '../../members';
import { recordOf } from './hot-queries';
import { draftOrder, type OrderInput } from './order-draft';
import { placeOrder } from './order-place';

/**
 * create-order for a member: the record of the variant (made on first use), the order's checks
 * and prices (order-draft), then one transaction (order-place). The seed places its demo orders
 * through here too, so they are shaped exactly like the app's.
 */
export async function createOrderFor(deps: AppDeps, member: Member, input: OrderInput, now: Date): Promise<CallResponse<typeof createOrder>> {
  const variant = variantOf(input.ogo);
  const named = input.order.customer?.id;
  const customer = named === undefined ? await recordOf(deps.db, member, variant, now) : await ownedCustomer(deps.db, member, named);
  if (customer.variant !== variant) {
    throw unprocessable('customer_variant_mismatch', 'Цей обліковий запис належить іншому магазину');
  }
  const draft = await draftOrder(deps, member, customer, input, now);
  const placed = await placeOrder(deps.db, draft, now);
  return {
    order: {
      id: placed.id,
      order_number: placed.order_number,
      financial_status: draft.financial,
      payment_method: draft.paymentMethod,
      total: draft.moneyKop / 100,
      xp_total: draft.xp,
      shipping_option: draft.shippingOption,
      tags: draft.tags,
    },
    balance: placed.balance,
  };
}
