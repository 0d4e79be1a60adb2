import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { getLiqpayLink } from '../../../src/contract/shop-payment';
import type { AppDeps, AppEnv, Member } from '../../context';
import { forbidden, notFound, unprocessable } from '../../errors';
import { mount } from '../../http/route';
import { variantOf } from '../../members';
import { checkoutLink } from '../../sandboxes/liqpay';
import { requireOwnToken } from '../auth/token-owner';
import { paymentKeys } from './payment-keys';

/** Where links and callbacks point: the configured public origin, else the one the request came to. */
export function publicOrigin(c: Context<AppEnv>, deps: AppDeps): string {
  return (deps.config.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/+$/, '');
}

/** The member's own order: 404 when there is none in this variant, 403 when it is someone else's. */
export async function ownOrder(deps: AppDeps, member: Member, orderId: number, variant?: 'glo' | 'ogo') {
  const order = await deps.db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.id', 'o.order_number', 'o.variant', 'o.financial_status', 'o.payment_method', 'o.total', 'o.customer_id', 'c.member_id'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!order || (variant && order.variant !== variant)) throw notFound('Замовлення не знайдено', 'order_not_found');
  if (order.member_id !== member.id) throw forbidden('Це не твоє замовлення', 'not_owner');
  return order;
}

/** get-liqpay-link (spec §4 "Card payment", §7): a checkout link for an own unpaid card order. */
export function registerPayment(app: Hono<AppEnv>): void {
  mount(app, getLiqpayLink, async ({ input, member, deps, c }) => {
    if (input.ogoAuthApiToken) await requireOwnToken(deps, member, input.ogoAuthApiToken, 'ogo');
    const order = await ownOrder(deps, member, input.orderId, variantOf(input.ogo));
    if (order.payment_method !== 2) throw unprocessable('not_card_order', 'Це замовлення не оплачується карткою');
    // 422, not 409: a mutation's 409 means "same Idempotency-Key still running", which clients
    // retry (spec §7); a paid order is a permanent answer.
    if (order.financial_status === 'paid') throw unprocessable('already_paid', 'Замовлення вже оплачено');
    if (order.financial_status !== 'pending' && order.financial_status !== 'failed') {
      throw unprocessable('order_closed', 'Це замовлення скасовано або повернено');
    }
    const now = deps.clock.now().toISOString();
    // Each attempt has its own provider order id: LiqPay refuses an id it has seen before.
    const providerOrderId = `club-${order.order_number}-${randomBytes(4).toString('hex')}`;
    await deps.db.transaction().execute(async (trx) => {
      await trx.insertInto('card_payments').values({ order_id: order.id, provider_order_id: providerOrderId, amount: order.total, status: 'created', callback: null, created_at: now, updated_at: now }).execute();
      // A declined order is open again while its member tries another card.
      await trx.updateTable('orders').set({ financial_status: 'pending', updated_at: now }).where('id', '=', order.id).where('financial_status', '=', 'failed').execute();
    });
    const origin = publicOrigin(c, deps);
    const link = checkoutLink(await paymentKeys(deps), origin, {
      orderId: providerOrderId,
      amount: order.total / 100,
      description: `Оплата замовлення №${order.order_number} у магазині ${order.variant}`,
      resultUrl: `${origin}/history-order`,
      serverUrl: `${origin}/payments/liqpay/callback`,
    });
    return { success: true, link };
  });
}
