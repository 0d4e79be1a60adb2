import type { CartLine } from '../cart/cart';
import { ipostAllowed, veloGiftProblem, zeroPriceFlag } from '../cart/totals';
import { callBackWindow, type CallBackWindow } from '../member/call-back-day';
import type { ShopVariant } from '../catalogue/catalogue';
import { friendCodeProblem, normalizeFriendCode } from '../invite/friend-code';
import { cartMoney } from '../cart/money';
import { toUah } from '../format/money';
import {
  buildOrderPayload,
  paymentMethodOf,
  type OrderMetafield,
  type PaymentChoice,
  type PaymentMethod,
  type ShopifyOrder,
} from './payload';
import { orderTags } from './tags';
import { deliveryMethodAllowed, SHIPPING_TITLES, shippingOption, type ShippingOption } from '../delivery/shipping';
import { deliveryAddress1, deliveryProblem, type DeliveryChoice } from '../delivery/shipping-address';

/** A cart line as the summary reads it (docs/rules.md#entities "Cart line"), with its title for display. */
export type SummaryLine = Pick<CartLine, 'variantId' | 'count' | 'price' | 'bonuses' | 'tags' | 'title'>;

/** Everything the member chose on the way to /shop/checkout, and what the app knows of them. */
export interface CheckoutInput {
  variant: ShopVariant;
  /** The shop record of the variant (docs/rules.md#entities "User (shop record)"). */
  customer: {
    id: number;
    first_name: string;
    last_name: string;
    phone: string;
    tags: readonly string[];
    orders_count: number;
  };
  ageVerified: boolean;
  lines: readonly SummaryLine[];
  delivery: DeliveryChoice;
  /** 1 cash, 2 card; an order with nothing to pay in money is paid with XP whatever this says. */
  payment: PaymentChoice;
  comment: string;
  /** The velo promo typed in the cart ('' when none). */
  veloCode: string;
  /** A friend's REW- code typed in the cart ('' when none). */
  friendCode: string;
  /** The velo promo the shop is configured with (docs/rules.md#constants default VELO-20%). */
  configuredVelo?: string;
  needCall: boolean;
  /** The call-back window picked on /shop/payment (day label 'Сьогодні' or another = tomorrow). */
  callBack: { day: string; from: string; to: string } | null;
  /** XP of the variant's record; null when not known yet. */
  xpBalance: number | null;
  /** Free-shipping thresholds, UAH (docs/rules.md#constants). */
  thresholds?: Record<ShopVariant, number>;
  now: Date;
}

export interface SummaryRow {
  variantId: number;
  title: string;
  quantity: number;
  /** Catalogue price of one unit, UAH. */
  listPrice: number;
  /** What one unit costs after the velo discount, UAH. */
  unitPrice: number;
  /** XP of one unit. */
  bonuses: number;
  /** The line's money, UAH, and XP. */
  sum: number;
  xp: number;
  discounted: boolean;
}

/** The request of create-order (docs/api.md#orders), shaped as src/contract/shop-order.ts declares it. */
export interface CreateOrderBody {
  order: ShopifyOrder;
  ogo?: true;
  delivery: DeliveryChoice;
  payment: PaymentChoice;
  promocode?: string;
  friendPromocode?: string;
  needCall?: true;
  callBack?: { day: string; from: string; to: string };
}

export interface CheckoutSummary {
  rows: SummaryRow[];
  /** UAH before the discount, the discount, and what is paid in money. */
  subtotal: number;
  discount: number;
  money: number;
  xp: number;
  /** The velo promo applies; otherwise why the typed code does not (null when none was typed). */
  velo: boolean;
  veloProblem: string | null;
  /** The friend's code counts; otherwise why not (null when none was typed). */
  friend: boolean;
  friendProblem: string | null;
  shippingOption: ShippingOption;
  shippingTitle: string;
  paymentMethod: PaymentMethod;
  callBack: CallBackWindow | null;
  tags: string[];
  /** docs/rules.md#entities "Order payload", exactly as it is sent. */
  payload: ShopifyOrder;
  request: CreateOrderBody;
  /** Why the order cannot be placed as it stands (Ukrainian); empty when it can. */
  problems: string[];
}

export const SUMMARY_PROBLEMS = {
  empty: 'Кошик порожній: додай товари, щоб оформити замовлення',
  mixed: 'Бонусні товари за XP оформлюються окремим замовленням, без товарів за гроші',
  giftOnly: 'Подарунок можна отримати лише разом із покупкою',
  ipost: 'Курʼєр iPost доставляє лише товари з позначкою iPost. Обери іншу доставку',
  xpShort: (need: number, have: number) => `Не вистачає XP: потрібно ${need}, на рахунку ${have}`,
  xpUnknown: 'Баланс XP ще не завантажено. Підключись до інтернету, щоб оплатити бонусами',
} as const;

function metafieldsOf(delivery: DeliveryChoice, needCall: boolean, callBack: CallBackWindow | null): OrderMetafield[] {
  const m: OrderMetafield[] = [{ namespace: 'pwa', key: 'delivery', value: JSON.stringify(delivery), type: 'json' }];
  if (needCall) m.push({ namespace: 'pwa', key: 'need_call', value: 'true', type: 'boolean' });
  if (callBack) m.push({ namespace: 'pwa', key: 'call_back', value: JSON.stringify(callBack), type: 'json' });
  return m;
}

/**
 * The order summary of /shop/checkout and the create-order request, from one place (docs/rules.md#entities,
 * docs/rules.md#states, docs/rules.md#validation, docs/rules.md#constants): lines priced with the velo discount when the code applies, the friend's code on a
 * first order only, totals in kopiykas, the tags (docs/rules.md#constants: PWA, pwa_order, pre-order, iPost,
 * pwa_velo-20%, the call time), the shipping line (priced 0), the shipping address (Ukraine,
 * 01001), UAH, and the financial status ('paid' only for an order paid fully with XP). The
 * server prices and checks everything again; these figures are what the member sees.
 */
export function checkoutSummary(i: CheckoutInput): CheckoutSummary {
  const veloTyped = i.veloCode.trim();
  const m = cartMoney({
    variant: i.variant,
    lines: i.lines,
    veloCode: i.veloCode,
    customerTags: i.customer.tags,
    configuredVelo: i.configuredVelo,
  });
  const { velo, veloProblem, xp, moneyKop } = m;
  const friendTyped = i.friendCode.trim();
  const friendProblem = friendTyped ? friendCodeProblem(friendTyped, i.customer.orders_count) : null;
  const friend = friendTyped !== '' && friendProblem === null;

  const rows: SummaryRow[] = i.lines.map((l, n) => {
    const { listKop, unitKop } = m.units[n]!;
    return {
      variantId: l.variantId,
      title: l.title,
      quantity: l.count,
      listPrice: toUah(listKop),
      unitPrice: toUah(unitKop),
      bonuses: l.bonuses,
      sum: toUah(unitKop * l.count),
      xp: l.bonuses * l.count,
      discounted: unitKop !== listKop,
    };
  });
  const money = toUah(moneyKop);

  let callBack: CallBackWindow | null = null;
  const problems: string[] = [];
  if (i.needCall && i.callBack) {
    const w = callBackWindow(i.callBack, i.now);
    if (w.ok) callBack = w.window;
    else problems.push(w.reason);
  }

  if (i.lines.length === 0) problems.push(SUMMARY_PROBLEMS.empty);
  else if (zeroPriceFlag(i.lines)) problems.push(SUMMARY_PROBLEMS.mixed);
  else if (moneyKop === 0 && xp === 0) problems.push(SUMMARY_PROBLEMS.giftOnly);
  const giftProblem = i.lines.length > 0 ? veloGiftProblem(i.lines) : null;
  if (giftProblem && !problems.includes(SUMMARY_PROBLEMS.giftOnly)) problems.push(giftProblem);
  const incomplete = deliveryProblem(i.delivery);
  if (incomplete) problems.push(incomplete);
  if (i.delivery.method === 3 && (!deliveryMethodAllowed(i.variant, 3) || !ipostAllowed(i.lines)))
    problems.push(SUMMARY_PROBLEMS.ipost);
  if (xp > 0 && moneyKop === 0) {
    if (i.xpBalance === null) problems.push(SUMMARY_PROBLEMS.xpUnknown);
    else if (xp > i.xpBalance) problems.push(SUMMARY_PROBLEMS.xpShort(xp, i.xpBalance));
  }

  const option = shippingOption({
    variant: i.variant,
    delivery: i.delivery.method,
    moneyTotal: money,
    xpTotal: xp,
    thresholds: i.thresholds,
  });
  const tags = orderTags({ ageVerified: i.ageVerified, ipost: i.delivery.method === 3, veloPromo: velo, callBack });
  const payload = buildOrderPayload({
    customerId: i.customer.id,
    lines: rows.map((r) => ({ variant_id: r.variantId, quantity: r.quantity, price: r.unitPrice, bonuses: r.bonuses })),
    recipient: { first_name: i.customer.first_name, last_name: i.customer.last_name, phone: i.customer.phone },
    address: {
      city: i.delivery.city.trim(),
      province: i.delivery.province ?? '',
      address1: deliveryAddress1(i.delivery),
    },
    payment: i.payment,
    shippingOption: option,
    tags,
    note: i.comment.trim(),
    metafields: metafieldsOf(i.delivery, i.needCall, callBack),
  });
  const request: CreateOrderBody = {
    order: payload,
    ...(i.variant === 'ogo' ? { ogo: true as const } : {}),
    delivery: i.delivery,
    payment: i.payment,
    ...(velo ? { promocode: veloTyped } : {}),
    ...(friend ? { friendPromocode: normalizeFriendCode(friendTyped) } : {}),
    ...(i.needCall && i.callBack ? { needCall: true as const, callBack: i.callBack } : {}),
  };
  return {
    rows,
    subtotal: toUah(m.subtotalKop),
    discount: toUah(m.subtotalKop - moneyKop),
    money,
    xp,
    velo,
    veloProblem,
    friend,
    friendProblem,
    shippingOption: option,
    shippingTitle: SHIPPING_TITLES[option],
    paymentMethod: paymentMethodOf(i.payment, money),
    callBack,
    tags,
    payload,
    request,
    problems,
  };
}
