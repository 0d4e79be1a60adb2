import type { Hono } from 'hono';
import {
  authBat,
  esputnikAddContact,
  esputnikEventLogin,
  esputnikSendId,
  getBatToken,
  pwaAddOrderInfo,
  sendBatEvent,
} from '../../../../src/contract/analytics';
import { cutUserAgent } from '../../../../src/domain/club/analytics-limits';
import type { AppEnv } from '../../../context';
import { forbidden, notFound, unauthorized } from '../../../errors';
import { mount } from '../../../http/route';
import { ownedCustomer } from '../../../members';
import { bearerHash, issueToken, memberForToken } from '../../../security/tokens';
import { phoneDigits, recordEvent } from './record';

export function registerAnalytics(app: Hono<AppEnv>): void {
  mount(app, getBatToken, async ({ member, deps, c }) =>
    issueToken(deps.db, member.id, 'bat', deps.clock.now(), bearerHash(c.req.header('authorization'))),
  );

  mount(app, sendBatEvent, async ({ input, member, deps }) => {
    const owner = await memberForToken(deps.db, input.token, 'bat', deps.clock.now());
    // docs/rules.md#error-reactions: a dead analytics token is a 401, after which the app fetches a new one.
    if (owner !== member.id) throw unauthorized('Токен аналітики недійсний', 'analytics_unauthenticated');
    await ownedCustomer(deps.db, member, input.data.customer_id);
    return recordEvent(deps, {
      memberId: member.id,
      kind: 'bat-event',
      event: input.event,
      payload: { data: input.data, ogo: input.ogo ?? false },
    });
  });

  mount(app, authBat, async ({ input, member, deps }) => {
    await ownedCustomer(deps.db, member, input.shopifyId);
    return recordEvent(deps, {
      memberId: member.id,
      kind: 'auth-bat',
      event: input.event,
      payload: { shopifyId: input.shopifyId, ogo: input.ogo ?? false },
    });
  });

  mount(app, esputnikAddContact, async ({ input, member, deps }) => {
    await ownedCustomer(deps.db, member, input.shopifyId);
    const payload = {
      ...input,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      phone: phoneDigits(input.phone),
      ogo: input.ogo ?? false,
    };
    return recordEvent(deps, { memberId: member.id, kind: 'esputnik-contact', event: 'add-contact', payload });
  });

  mount(app, pwaAddOrderInfo, async ({ input, member, deps }) => {
    const customer = await ownedCustomer(deps.db, member, input.shopify_id);
    const order = await deps.db
      .selectFrom('orders')
      .select(['id', 'customer_id'])
      .where('id', '=', input.transaction_id)
      .executeTakeFirst();
    if (!order) throw notFound('Замовлення не знайдено', 'order_not_found');
    if (order.customer_id !== customer.id) throw forbidden('Це не твоє замовлення', 'not_owner');
    const payload = {
      transaction_id: input.transaction_id,
      shopify_id: input.shopify_id,
      // docs/rules.md#constants: user-agent strings are cut at 500 characters.
      os_name: cutUserAgent(input.os_name),
      os_version: cutUserAgent(input.os_version),
      phone_brand: cutUserAgent(input.phone_brand),
      phone_model: cutUserAgent(input.phone_model),
    };
    return recordEvent(deps, { memberId: member.id, kind: 'order-info', event: 'order-info', payload });
  });

  mount(app, esputnikEventLogin, async ({ input, member, deps }) => {
    const phone = phoneDigits(input.phone);
    if (phone !== member.phone) throw forbidden('Це не твій номер телефону', 'not_owner');
    return recordEvent(deps, {
      memberId: member.id,
      kind: 'esputnik-login',
      event: 'login',
      payload: { phone, date: input.date },
    });
  });

  mount(app, esputnikSendId, async ({ input, member, deps }) => {
    await ownedCustomer(deps.db, member, input.id);
    const payload = { id: input.id, phone: phoneDigits(input.phone), email: input.email, ogo: input.ogo ?? false };
    return recordEvent(deps, { memberId: member.id, kind: 'esputnik-id', event: 'send-id', payload });
  });
}
