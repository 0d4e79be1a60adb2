import { kvGet, type CheckoutDraft } from '../../../src/db/kv';
import { PAYMENT_LINK_ERROR } from '../../../src/domain/order/payment-link';
import { suggestIpostWindow } from '../../../src/domain/delivery/ipost-window';
import { CHECKOUT_COPY } from '../../../src/features/shop/checkout/summary-copy';
import { summaryOf } from '../../../src/features/shop/checkout/summary-of';
import { readSession } from '../../../src/sync/auth/session';
import { readDraft, saveDraft } from '../../../src/sync/checkout/draft';
import { finishPlacedOrders, placeOrder } from '../../../src/sync/checkout/order';
import { paymentLinkFor } from '../../../src/sync/checkout/pay';
import type { Phone } from '../phone';
import type { Tab } from '../tab';
import type { Told } from '../told';

/** The member's choices on /shop/delivery and /shop/payment, and the cart's codes. */
export interface OrderChoices {
  /** The shop (default: the active one). */
  variant?: 'glo' | 'ogo';
  payment?: 'cash' | 'card';
  /** A carrier branch (default), the carrier's courier to an address, or the iPost courier (Kyiv; iPost items only). */
  delivery?: 'branch' | 'address' | 'ipost';
  /** «Передзвоніть мені» with its window ('Сьогодні' or 'Завтра'). */
  call?: { day: string; from: string; to: string };
  /** A friend's REW- code, or the velo promo (ogo), typed in the cart. */
  friendCode?: string;
  veloCode?: string;
  comment?: string;
}

const DELIVERY = {
  branch: { method: 1, city: 'Київ', branch: 'Відділення №1: вул. Пирогівський шлях, 135' },
  address: { method: 2, city: 'Київ', street: 'вул. Хрещатик', house: '22', flat: '5' },
  ipost: { method: 3, city: 'Київ', street: 'вул. Хрещатик, 22', flat: '5' },
} as const;

/** An order as the checkout ends with it: placed (its id and number), or on its way under `key` (ids null). */
export interface OrderPlaced {
  key: string;
  orderId: number | null;
  number: number | null;
}

/** Checkout: placing an order (online only), the card payment link, and what the checkout pages finish on opening. */
export class CheckoutActions {
  constructor(private readonly p: Phone) {}

  /**
   * Goes through /shop/delivery and /shop/payment with `choices` and taps «Оформити замовлення» on
   * /shop/checkout: the summary the screen shows (its problems block the button) and the order
   * placed online. `value` is the order: placed, or on its way (told so) with no id yet.
   */
  order(choices: OrderChoices = {}): Promise<Told<OrderPlaced>> {
    return this.p.act<OrderPlaced>(async (tab) => {
      const variant = choices.variant ?? (await this.activeShop(tab));
      const draft = await this.choose(tab, variant, choices);
      const session = await readSession(tab.db);
      const records = (await kvGet(tab.db, 'memberRecords')) ?? {};
      const record = records[variant] ?? null;
      const lines = await tab.db.cart.where('variant').equals(variant).sortBy('addedAt');
      const balance = (await tab.db.xpBalance.get(variant))?.balance ?? null;
      const basics = {
        variant,
        lines,
        draft,
        record,
        customerId: record?.id ?? session?.customerIds[variant] ?? null,
        balance,
      };
      const summary = summaryOf(basics, session?.phone, session?.ageVerified, this.p.clock.now());
      if (summary.problems.length) return { at: 'refused', says: summary.problems[0]! };
      const member = {
        phone: record?.phone || session?.phone || '',
        first_name: record?.first_name ?? '',
        total_spent: record?.total_spent ?? 0,
        orders_count: record?.orders_count ?? 0,
      };
      const r = await placeOrder(tab.rt, variant, summary, draft, member);
      // Waiting: the screen shows its notice (the order goes again under its key) until the answer comes.
      return r.state === 'placed'
        ? { at: 'sent', value: { key: r.order.key, orderId: r.order.orderId, number: r.order.orderNumber } }
        : { at: 'queued', says: CHECKOUT_COPY.waiting, value: { key: r.key, orderId: null, number: null } };
    });
  }

  /** «Оплатити карткою» of an unpaid card order: the LiqPay link (asked again while it is not ready, on scenario time). */
  payByCard(orderId: number, variant?: 'glo' | 'ogo'): Promise<Told<{ link: string }>> {
    return this.p.act(async (tab) => {
      const v = variant ?? (await this.activeShop(tab));
      const r = await paymentLinkFor(tab.rt, v, orderId, async (ms) => this.p.clock.move(ms));
      return r.ok ? { at: 'sent', value: { link: r.link } } : { at: 'refused', says: PAYMENT_LINK_ERROR };
    });
  }

  /** Opens a checkout page: an order answered after the page that placed it was gone gets its follow-ups (cart cleared, call, codes). */
  open(): Promise<Told<number>> {
    return this.p.act(async (tab) => ({ at: 'sent', value: await finishPlacedOrders(tab.rt) }));
  }

  private async activeShop(tab: Tab): Promise<'glo' | 'ogo'> {
    return (await readSession(tab.db))?.variant === 'ogo' ? 'ogo' : 'glo';
  }

  private async choose(tab: Tab, variant: 'glo' | 'ogo', c: OrderChoices): Promise<CheckoutDraft> {
    const now = this.p.clock.now();
    const current = await readDraft(tab.db, variant);
    const delivery = c.delivery
      ? { ...DELIVERY[c.delivery] }
      : current.delivery.city
        ? current.delivery
        : { ...DELIVERY.branch };
    return saveDraft(
      tab.db,
      variant,
      {
        delivery,
        ...(delivery.method === 3 ? { ipostWindow: suggestIpostWindow(new Date(now)) } : {}),
        payment: c.payment === 'card' ? 2 : 1,
        comment: c.comment ?? '',
        needCall: c.call !== undefined,
        ...(c.call ? { callBack: c.call } : {}),
        friendCode: c.friendCode ?? current.friendCode,
        veloCode: c.veloCode ?? current.veloCode,
      },
      now,
    );
  }
}
