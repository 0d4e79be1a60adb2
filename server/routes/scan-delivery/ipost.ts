import type { Hono } from 'hono';
import { ipostAuth, ipostCityAvailable, ipostSendAddress } from '../../../src/contract/delivery';
import { checkIpostWindow } from '../../../src/domain/delivery/ipost-window';
import type { AppDeps, AppEnv, Member } from '../../context';
import { forbidden, notFound, unauthorized, unprocessable } from '../../errors';
import { mount } from '../../http/route';
import { sandboxIpost, type LocalCourier } from '../../sandboxes/ipost';
import { bearerHash, issueToken, memberForToken } from '../../security/tokens';

/** The ipost token named in a body must be a live one of the caller's own. */
async function requireIpostToken(deps: AppDeps, member: Member, token: string): Promise<void> {
  const owner = await memberForToken(deps.db, token, 'ipost', deps.clock.now());
  if (owner === null) throw unauthorized('Токен курʼєрської служби недійсний. Отримай новий', 'ipost_unauthenticated');
  if (owner !== member.id) throw forbidden('Цей токен належить іншому користувачу', 'not_owner');
}

/** A city named by one of the carrier's refs (a city option's value or city_id) is looked up by name. */
async function servedCity(deps: AppDeps, courier: LocalCourier, city: string): Promise<string | null> {
  const byRef = await deps.db
    .selectFrom('np_cities')
    .select('name')
    .where((eb) => eb.or([eb('ref', '=', city), eb('delivery_city_ref', '=', city)]))
    .executeTakeFirst();
  return courier.servedCity(city, byRef?.name ?? null);
}

/** ipost/auth, city-available and send-address (docs/api.md#delivery). */
export function registerIpost(app: Hono<AppEnv>, courier: LocalCourier = sandboxIpost()): void {
  mount(app, ipostAuth, async ({ member, deps, c }) =>
    issueToken(deps.db, member.id, 'ipost', deps.clock.now(), bearerHash(c.req.header('authorization'))),
  );

  mount(app, ipostCityAvailable, async ({ input, member, deps }) => {
    await requireIpostToken(deps, member, input.token);
    const city = await servedCity(deps, courier, input.city);
    return { available: city !== null, city, cities: [...courier.cities] };
  });

  mount(app, ipostSendAddress, async ({ input, member, deps }) => {
    await requireIpostToken(deps, member, input.token);
    const db = deps.db;
    const order = await db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['o.id', 'o.fulfillment_status', 'o.financial_status', 'c.member_id'])
      .where('o.id', '=', input.order_id)
      .executeTakeFirst();
    if (!order) throw notFound('Замовлення не знайдено', 'order_not_found');
    if (order.member_id !== member.id) throw forbidden('Це не твоє замовлення', 'not_owner');
    if (order.fulfillment_status !== null || ['failed', 'refunded', 'cancelled'].includes(order.financial_status)) {
      throw unprocessable('order_closed', 'Це замовлення вже доставлено або скасовано');
    }
    const city = await servedCity(deps, courier, input.city);
    // docs/rules.md#error-reactions: the app falls back to delivery 1 when the courier does not serve the city.
    if (!city)
      throw unprocessable(
        'ipost_city_unavailable',
        `Курʼєр ipost не доставляє в це місто. Доступні: ${courier.cities.join(', ')}`,
      );
    const now = deps.clock.now();
    const window = { date: input.delivery_date, from: input.delivery_time_from, to: input.delivery_time_to };
    const check = checkIpostWindow(window, now);
    if (!check.ok) throw unprocessable(check.code, check.message);

    const fields = {
      city,
      street: input.street,
      flat: input.flat ?? '',
      delivery_date: window.date,
      time_from: window.from,
      time_to: window.to,
      comment: input.comment?.trim() ?? '',
      status: 'scheduled' as const,
      updated_at: now.toISOString(),
    };
    const existing = await db
      .selectFrom('ipost_requests')
      .select('tracking')
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    const tracking =
      existing?.tracking ??
      (
        await courier.book({
          orderId: order.id,
          city,
          street: fields.street,
          flat: fields.flat,
          date: window.date,
          from: window.from,
          to: window.to,
          comment: fields.comment,
        })
      ).tracking;
    // One request per order: sending again reschedules it and keeps the courier's reference.
    const row = await db
      .insertInto('ipost_requests')
      .values({ order_id: order.id, member_id: member.id, tracking, created_at: fields.updated_at, ...fields })
      .onConflict((oc) => oc.column('order_id').doUpdateSet(fields))
      .returning(['id', 'tracking', 'city', 'delivery_date', 'time_from', 'time_to', 'updated_at'])
      .executeTakeFirstOrThrow();
    return {
      ok: true as const,
      id: row.id,
      tracking: row.tracking,
      status: 'scheduled' as const,
      city: row.city,
      delivery_date: row.delivery_date,
      delivery_time_from: row.time_from,
      delivery_time_to: row.time_to,
      updated_at: row.updated_at,
    };
  });
}
