import type * as z from 'zod/mini';
import type { createOrder } from '../../../src/contract/shop-order';
import { isAgeVerified } from '../../../src/domain/auth/age';
import { callBackWindow, type CallBackWindow } from '../../../src/domain/member/call-back-day';
import { ipostAllowed } from '../../../src/domain/cart/totals';
import type { ShopVariant } from '../../../src/domain/catalogue/catalogue';
import { friendCodeProblem, normalizeFriendCode } from '../../../src/domain/invite/friend-code';
import { financialStatus, paymentMethodOf, type PaymentMethod } from '../../../src/domain/order/payload';
import { orderTags } from '../../../src/domain/order/tags';
import { toUkrainianMobile } from '../../../src/domain/auth/phone';
import { deliveryAddress1, deliveryProblem, type DeliveryChoice } from '../../../src/domain/delivery/shipping-address';
import { deliveryMethodAllowed, shippingOption, type ShippingOption } from '../../../src/domain/delivery/shipping';
import type { AppDeps, Member } from '../../context';
import { unprocessable } from '../../errors';
import { OFF_MESSAGES, providersOf } from '../../providers/index';
import { tagsOf, type Customer } from '../../members';
import { memberAgeVerified } from '../auth/records';
import { productsByVariantIds } from './catalogue-data';
import { priceCart, type PricedCart } from './order-pricing';

export type OrderInput = z.output<(typeof createOrder)['request']>;

/** Everything the server decided about an order before it is written. */
export interface OrderDraft extends PricedCart {
  variant: ShopVariant;
  member: Member;
  customer: Customer;
  paymentChoice: 1 | 2;
  paymentMethod: PaymentMethod;
  financial: 'pending' | 'paid';
  shippingOption: ShippingOption;
  tags: string[];
  delivery: DeliveryChoice;
  address1: string;
  recipient: { first_name: string; last_name: string; phone: string };
  callBack: CallBackWindow | null;
  needCall: boolean;
  veloCode: string | null;
  friend: { code: string; referrerId: number } | null;
  note: string;
}

async function ageVerified(deps: AppDeps, customer: Customer, variant: ShopVariant): Promise<boolean> {
  const tags = tagsOf(customer);
  // The tag settles most orders without reading metafields.
  if (isAgeVerified({ tags, metafields: [], ogo: variant === 'ogo' })) return true;
  const metafields = await deps.db
    .selectFrom('metafields')
    .select(['namespace', 'key', 'value'])
    .where('customer_id', '=', customer.id)
    .where('key', '=', 'age_verified')
    .execute();
  if (isAgeVerified({ tags, metafields, ogo: variant === 'ogo' })) return true;
  // A person verified on the other variant's record is the same adult.
  return memberAgeVerified(deps.db, customer.member_id);
}

/** docs/rules.md#validation: a friend's code counts on a first order only, and must be someone else's real code. */
export async function friendOf(
  deps: AppDeps,
  member: Member,
  customer: Pick<Customer, 'orders_count'>,
  raw: string | undefined,
): Promise<OrderDraft['friend']> {
  if (!raw?.trim()) return null;
  const problem = friendCodeProblem(raw, customer.orders_count);
  if (problem) throw unprocessable('friend_code_not_applicable', problem);
  const code = normalizeFriendCode(raw);
  const owner = await deps.db.selectFrom('members').select('id').where('mgm_code', '=', code).executeTakeFirst();
  if (!owner) throw unprocessable('friend_code_unknown', 'Такого коду друга немає. Перевір, чи правильно його введено');
  if (owner.id === member.id) throw unprocessable('friend_code_own', 'Власний код запрошення використати не можна');
  return { code, referrerId: owner.id };
}

/**
 * Checks and prices an order the way the server sees it (docs/rules.md#entities, docs/rules.md#states, docs/rules.md#validation, docs/rules.md#constants): catalogue
 * prices, XP, velo promo, friend code, delivery, iPost, call-back time, age check, tags,
 * shipping option, payment method and financial status.
 */
export async function draftOrder(
  deps: AppDeps,
  member: Member,
  customer: Customer,
  input: OrderInput,
  now: Date,
): Promise<OrderDraft> {
  const variant: ShopVariant = customer.variant === 'ogo' ? 'ogo' : 'glo';
  const lines = input.order.line_items;
  const products = await productsByVariantIds(
    deps.db,
    lines.map((l) => l.variant_id),
  );
  const priced = priceCart({
    variant,
    lines,
    products,
    customerTags: tagsOf(customer),
    promocode: input.promocode,
    configuredPromo: deps.config.VELO_PROMO_CODE,
  });

  const delivery: DeliveryChoice = input.delivery;
  const incomplete = deliveryProblem(delivery);
  if (incomplete) throw unprocessable('delivery_incomplete', incomplete);
  if (!deliveryMethodAllowed(variant, delivery.method))
    throw unprocessable('ipost_not_available', 'Кур’єр iPost доступний лише в магазині ogo');
  if (delivery.method === 3 && !ipostAllowed(priced.items)) {
    throw unprocessable(
      'ipost_not_allowed',
      'Кур’єр iPost доставляє лише товари з позначкою iPost. Обери іншу доставку',
    );
  }

  let callBack: CallBackWindow | null = null;
  if (input.callBack && input.needCall !== false) {
    const w = callBackWindow(input.callBack, now);
    if (!w.ok) throw unprocessable('call_back_invalid', w.reason);
    callBack = w.window;
  }

  const given = input.order.shipping_address;
  const phone = given?.phone ? toUkrainianMobile(given.phone) : customer.phone || member.phone;
  if (!phone) throw unprocessable('invalid_phone', 'Вкажи номер телефону отримувача у форматі +380XXXXXXXXX');
  const recipient = {
    first_name: given?.first_name || customer.first_name,
    last_name: given?.last_name || customer.last_name,
    phone,
  };

  const friend = await friendOf(deps, member, customer, input.friendPromocode);
  const verified = await ageVerified(deps, customer, variant);
  const money = priced.moneyKop / 100;
  const paymentChoice = input.payment ?? 1;
  const paymentMethod = paymentMethodOf(paymentChoice, money);
  if (paymentMethod === 2 && providersOf(deps.config).card === 'off')
    throw unprocessable('card_payment_unavailable', OFF_MESSAGES.card);
  return {
    ...priced,
    variant,
    member,
    customer,
    paymentChoice,
    paymentMethod,
    financial: financialStatus(money, priced.xp),
    shippingOption: shippingOption({
      variant,
      delivery: delivery.method,
      moneyTotal: money,
      xpTotal: priced.xp,
      thresholds: { glo: deps.config.FREE_SHIPPING_GLO, ogo: deps.config.FREE_SHIPPING_OGO },
    }),
    tags: orderTags({ ageVerified: verified, ipost: delivery.method === 3, veloPromo: priced.velo, callBack }),
    delivery,
    address1: deliveryAddress1(delivery),
    recipient,
    callBack,
    needCall: input.needCall === true || callBack !== null,
    veloCode: priced.velo ? (input.promocode ?? '').trim().toUpperCase() : null,
    friend,
    note: input.order.note ?? '',
  };
}
