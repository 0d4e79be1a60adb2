import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { getLiqpayLink } from '../../../src/contract/shop-payment';
import { publicOrigin } from '../../http/public-origin';
import type { AppDeps, AppEnv, Member } from '../../context';
import { forbidden, notFound, unprocessable } from '../../errors';
import { OFF_MESSAGES, providersOf } from '../../providers/index';
import { mount } from '../../http/route';
import { variantOf } from '../../members';
import { checkoutLink } from '../../sandboxes/liqpay';
import { requireOwnToken } from '../auth/token-owner';
import { paymentKeys } from './payment-keys';
import { checkAttempt } from './payment-settle';

/** The member's own order: 404 when there is none in this variant, 403 when it is someone else's. */
export async function ownOrder(deps: AppDeps, member: Member, orderId: number, variant?: 'glo' | 'ogo') {
  const order = await deps.db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'o.id',
      'o.order_number',
      'o.variant',
      'o.financial_status',
      'o.payment_method',
      'o.total',
      'o.customer_id',
      'c.member_id',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!order || (variant && order.variant !== variant)) throw notFound('Замовлення не знайдено', 'order_not_found');
  if (order.member_id !== member.id) throw forbidden('Це не твоє замовлення', 'not_owner');
  return order;
}

type OwnOrder = Awaited<ReturnType<typeof ownOrder>>;

/** 422, not 409: a mutation's 409 means "same Idempotency-Key still running", which clients retry (docs/api.md#orders). */
function refuseClosed(order: Pick<OwnOrder, 'financial_status'>): void {
  if (order.financial_status === 'paid') throw unprocessable('already_paid', 'Замовлення вже оплачено');
  if (order.financial_status !== 'pending' && order.financial_status !== 'failed') {
    throw unprocessable('order_closed', 'Це замовлення скасовано або повернено');
  }
}

/**
 * The order's open attempt (made, neither paid nor declined), after asking the provider about it
 * when real LiqPay keys are set: null when there is none, or it has just been found settled.
 */
async function openAttempt(deps: AppDeps, orderId: number): Promise<string | null> {
  const open = await deps.db
    .selectFrom('card_payments')
    .select(['provider_order_id'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!open) return null;
  const checked = await checkAttempt(deps, open.provider_order_id);
  return checked && checked.outcome !== 'pending' ? null : open.provider_order_id;
}

/**
 * get-liqpay-link (docs/rules.md#states "Card payment", docs/api.md#orders): a checkout link for an own unpaid card order.
 * One order is paid once: while an attempt is open the same attempt's link is answered
 * again (one provider order id, which LiqPay takes payment for once), a new attempt only after the
 * last one was declined, and none once the order is paid.
 */
export function registerPayment(app: Hono<AppEnv>): void {
  mount(app, getLiqpayLink, async ({ input, member, deps, c }) => {
    if (input.ogoAuthApiToken) await requireOwnToken(deps, member, input.ogoAuthApiToken, 'ogo');
    const order = await ownOrder(deps, member, input.orderId, variantOf(input.ogo));
    if (order.payment_method !== 2) throw unprocessable('not_card_order', 'Це замовлення не оплачується карткою');
    if (providersOf(deps.config).card === 'off') throw unprocessable('card_payment_unavailable', OFF_MESSAGES.card);
    refuseClosed(order);
    let providerOrderId = await openAttempt(deps, order.id);
    if (providerOrderId === null) {
      // The provider may just have settled the last attempt: the order as it stands now.
      refuseClosed(await ownOrder(deps, member, order.id));
      const now = deps.clock.now().toISOString();
      // Each attempt has its own provider order id: LiqPay refuses an id it has seen before.
      const id = `club-${order.order_number}-${randomBytes(4).toString('hex')}`;
      const made = await deps.db.transaction().execute(async (trx) => {
        // Made only while the order is still open and no other attempt is: two requests at once make one.
        const opened = await trx
          .updateTable('orders')
          .set({ financial_status: 'pending', updated_at: now })
          .where('id', '=', order.id)
          .where('financial_status', 'in', ['pending', 'failed'])
          .executeTakeFirst();
        if (Number(opened.numUpdatedRows) !== 1) return false;
        const other = await trx
          .selectFrom('card_payments')
          .select('id')
          .where('order_id', '=', order.id)
          .where('status', '=', 'created')
          .executeTakeFirst();
        if (other) return false;
        await trx
          .insertInto('card_payments')
          .values({
            order_id: order.id,
            provider_order_id: id,
            amount: order.total,
            status: 'created',
            callback: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        return true;
      });
      if (!made) {
        refuseClosed(await ownOrder(deps, member, order.id));
        providerOrderId = await openAttempt(deps, order.id);
        if (providerOrderId === null)
          throw unprocessable('payment_in_progress', 'Оплата цього замовлення вже триває. Онови сторінку замовлень');
      } else providerOrderId = id;
    }
    const origin = publicOrigin(c, deps);
    const link = checkoutLink(await paymentKeys(deps), origin, {
      orderId: providerOrderId,
      amount: order.total / 100,
      description: `Оплата замовлення №${order.order_number} у магазині ${order.variant}`,
      // Back from LiqPay through the server, which asks for the payment's status; the sandbox page
      // settles its payment itself and returns straight to the history.
      resultUrl:
        providersOf(deps.config).card === 'liqpay'
          ? `${origin}/payments/liqpay/return?payment=${encodeURIComponent(providerOrderId)}`
          : `${origin}/history-order`,
      serverUrl: `${origin}/payments/liqpay/callback`,
    });
    return { success: true, link };
  });
}
