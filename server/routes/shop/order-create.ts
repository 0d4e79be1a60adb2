import type { CallResponse } from '../../../src/contract/define';
import type { createOrder } from '../../../src/contract/shop-order';
import type { AppDeps, Member } from '../../context';
import { unprocessable } from '../../errors';
import type { IdempotentRun } from '../../http/idempotency';
import { ensureCustomer, ownedCustomer, variantOf } from '../../members';
import { draftOrder, type OrderDraft, type OrderInput } from './order-draft';
import { placeOrder, type PlacedOrder } from './order-place';

type OrderAnswer = CallResponse<typeof createOrder>;

function answerOf(draft: OrderDraft, placed: PlacedOrder): OrderAnswer {
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

/**
 * create-order for a member: the record of the variant (made on first use), the order's checks
 * and prices (order-draft), then one transaction (order-place), which also stores the answer
 * under the call's Idempotency-Key when there is one. The seed places its demo orders through
 * here too, so they are shaped exactly like the app's.
 */
export async function createOrderFor(
  deps: AppDeps,
  member: Member,
  input: OrderInput,
  now: Date,
  idempotency: IdempotentRun | null = null,
): Promise<OrderAnswer> {
  const variant = variantOf(input.ogo);
  const named = input.order.customer?.id;
  const customer =
    named === undefined
      ? await ensureCustomer(deps.db, member, variant, now)
      : await ownedCustomer(deps.db, member, named);
  if (customer.variant !== variant) {
    throw unprocessable('customer_variant_mismatch', 'Цей обліковий запис належить іншому магазину');
  }
  const draft = await draftOrder(deps, member, customer, input, now);
  let answer: OrderAnswer | null = null;
  await placeOrder(deps.db, draft, now, async (trx, placed) => {
    answer = answerOf(draft, placed);
    if (idempotency) await idempotency.settleIn(trx, answer);
  });
  if (!answer) throw new Error('order placed without an answer');
  return answer;
}
