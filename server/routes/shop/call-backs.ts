import type { Hono } from 'hono';
import { sendPhoneCall, sendPromocode } from '../../../src/contract/shop-payment';
import { CALL_TOMORROW_LABEL, callBackWindow } from '../../../src/domain/member/call-back-day';
import {
  FRIEND_CODE_MIN_LENGTH,
  FRIEND_CODE_PREFIX,
  normalizeFriendCode,
} from '../../../src/domain/invite/friend-code';
import { toUkrainianMobile } from '../../../src/domain/auth/phone';
import { isVeloPromoCode } from '../../../src/domain/cart/velo-promo';
import type { AppEnv } from '../../context';
import { badRequest, forbidden, notFound, tooManyRequests, unprocessable } from '../../errors';
import { mount } from '../../http/route';
import { ensureCustomer, variantOf } from '../../members';
import { ownOrder } from './payment';

/** send-phone-call and send-promocode (docs/api.md#orders, docs/rules.md#validation call-back day). */
export function registerCallBacks(app: Hono<AppEnv>): void {
  mount(app, sendPhoneCall, async ({ input, member, deps }) => {
    const phone = toUkrainianMobile(input.phone);
    if (!phone)
      throw badRequest('invalid_body', 'Некоректні дані: поле «phone»: вкажи мобільний номер у форматі +380XXXXXXXXX');
    const now = deps.clock.now();
    const w = callBackWindow({ day: input.day ?? CALL_TOMORROW_LABEL, from: input.callFrom, to: input.callTo }, now);
    if (!w.ok) throw unprocessable('call_back_invalid', w.reason);
    const customer = await ensureCustomer(deps.db, member, variantOf(input.ogo), now);
    // the shop calls the member back, on the member's own number (the sign-in phone or
    // the record's), never a number anyone types in.
    if (phone !== member.phone && phone !== toUkrainianMobile(customer.phone ?? '')) {
      throw forbidden('Зателефонувати можемо лише на твій номер, з яким ти входиш до клубу', 'not_own_phone');
    }
    const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
    const asked = await deps.db
      .selectFrom('call_back_requests')
      .select(['created_at'])
      .where('member_id', '=', member.id)
      .where('created_at', '>', dayAgo)
      .orderBy('created_at', 'asc')
      .execute();
    const limit = deps.config.CALL_BACKS_PER_DAY;
    if (asked.length >= limit) {
      const oldest = asked[asked.length - limit]!;
      throw tooManyRequests(
        (Date.parse(oldest.created_at) + 86_400_000 - now.getTime()) / 1000,
        `Не більше ${limit} запитів на дзвінок на добу. Ми вже маємо твої запити й зателефонуємо`,
      );
    }
    let orderId: number | null = null;
    if (input.orderNumber !== undefined) {
      const order = await deps.db
        .selectFrom('orders as o')
        .innerJoin('customers as c', 'c.id', 'o.customer_id')
        .select(['o.id', 'c.member_id'])
        .where('o.order_number', '=', input.orderNumber)
        .executeTakeFirst();
      if (!order) throw notFound('Замовлення не знайдено', 'order_not_found');
      if (order.member_id !== member.id) throw forbidden('Це не твоє замовлення', 'not_owner');
      orderId = order.id;
    }
    const { orderSum, orderPayment, avgCheck, totalSpent, orders_count } = input;
    const row = await deps.db
      .insertInto('call_back_requests')
      .values({
        member_id: member.id,
        customer_id: customer.id,
        variant: customer.variant === 'ogo' ? 'ogo' : 'glo',
        order_id: orderId,
        phone,
        first_name: input.first_name?.trim() || customer.first_name,
        day: w.window.day,
        call_date: w.window.date,
        time_from: w.window.from,
        time_to: w.window.to,
        client_figures: JSON.stringify({
          orderSum,
          orderNumber: input.orderNumber,
          orderPayment,
          avgCheck,
          totalSpent,
          orders_count,
        }),
        orders_count: customer.orders_count,
        total_spent: customer.total_spent,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      ok: true as const,
      id: row.id,
      day: w.window.day,
      date: w.window.date,
      from: w.window.from,
      to: w.window.to,
    };
  });

  // Once per order and code: sending it again answers the same record.
  mount(app, sendPromocode, async ({ input, member, deps }) => {
    const order = await ownOrder(deps, member, input.orderId);
    const code = normalizeFriendCode(input.code);
    let kind: 'velo' | 'friend';
    let referrer: number | null = null;
    if (isVeloPromoCode(code, deps.config.VELO_PROMO_CODE)) {
      if (order.variant !== 'ogo') throw unprocessable('promo_not_applicable', 'Промокод velo діє лише в магазині ogo');
      kind = 'velo';
    } else if (code.startsWith(FRIEND_CODE_PREFIX) && code.length >= FRIEND_CODE_MIN_LENGTH) {
      const owner = await deps.db.selectFrom('members').select('id').where('mgm_code', '=', code).executeTakeFirst();
      if (!owner) throw unprocessable('friend_code_unknown', 'Такого коду друга немає');
      if (owner.id === member.id) throw unprocessable('friend_code_own', 'Власний код запрошення використати не можна');
      kind = 'friend';
      referrer = owner.id;
    } else {
      throw unprocessable('promo_unknown', 'Такого промокоду не існує');
    }
    const at = deps.clock.now().toISOString();
    await deps.db
      .insertInto('order_promocodes')
      .values({
        order_id: order.id,
        member_id: member.id,
        code,
        kind,
        shop_domain: input.shopDomain,
        referrer_member_id: referrer,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(['order_id', 'code']).doNothing())
      .execute();
    const row = await deps.db
      .selectFrom('order_promocodes')
      .select(['id', 'shop_domain'])
      .where('order_id', '=', order.id)
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    if (!row.shop_domain || row.shop_domain === order.variant) {
      await deps.db
        .updateTable('order_promocodes')
        .set({ shop_domain: input.shopDomain })
        .where('id', '=', row.id)
        .execute();
    }
    return { ok: true as const, id: row.id, code, orderId: order.id };
  });
}
