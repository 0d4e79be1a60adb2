import type { Hono } from 'hono';
import { queryFlag } from '../../../../src/contract/query-params';
import { getSubscriptionHistory } from '../../../../src/contract/subscription';
import type { SubscriptionEventsTable } from '../../../db/tables/engagement';
import type { AppEnv } from '../../../context';
import { mount } from '../../../http/route';
import { findCustomer, variantOf } from '../../../members';

/** Newest entries shown; older ones stay stored. */
const HISTORY_LIMIT = 100;

/** The Ukrainian line of an event on the history screen. */
export function eventText(kind: SubscriptionEventsTable['kind'], note: string): string {
  const tail = note ? `: ${note}` : '';
  switch (kind) {
    case 'subscribed':
      return `Оформлено підписку${note ? ` «${note}»` : ''}`;
    case 'paused':
      return `Підписку призупинено${tail}`;
    case 'resumed':
      return `Підписку відновлено${tail}`;
    case 'cancelled':
      return `Підписку скасовано${tail}`;
    case 'delivered':
      return `Коробку доставлено${tail}`;
    case 'skipped':
      return `Доставку пропущено${tail}`;
  }
}

/** GET /api/subscription/get-history: deliveries and events of the member's own record only. */
export function registerSubscriptionHistory(app: Hono<AppEnv>): void {
  mount(app, getSubscriptionHistory, async ({ input, member, deps }) => {
    const customer = await findCustomer(deps.db, member.id, variantOf(queryFlag(input.ogo)));
    if (!customer) return { deliveries: [], events: [] };
    const deliveries = await deps.db
      .selectFrom('subscription_deliveries as d')
      .innerJoin('subscriptions as s', 's.id', 'd.subscription_id')
      .innerJoin('subscription_plans as p', 'p.id', 's.plan_id')
      .select([
        'd.id',
        'd.subscription_id',
        'p.title',
        'd.scheduled_for',
        'd.status',
        'd.packs',
        'd.amount',
        'd.xp_awarded',
      ])
      .where('s.customer_id', '=', customer.id)
      .orderBy('d.scheduled_for', 'desc')
      .orderBy('d.id', 'desc')
      .limit(HISTORY_LIMIT)
      .execute();
    const events = await deps.db
      .selectFrom('subscription_events as e')
      .innerJoin('subscriptions as s', 's.id', 'e.subscription_id')
      .select(['e.id', 'e.subscription_id', 'e.kind', 'e.note', 'e.created_at'])
      .where('s.customer_id', '=', customer.id)
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(HISTORY_LIMIT)
      .execute();
    return {
      deliveries: deliveries.map((d) => ({
        id: d.id,
        subscriptionId: d.subscription_id,
        planTitle: d.title,
        date: d.scheduled_for,
        status: d.status,
        packs: d.packs,
        amount: d.amount / 100,
        xp: d.xp_awarded,
      })),
      events: events.map((e) => ({
        id: e.id,
        subscriptionId: e.subscription_id,
        kind: e.kind,
        date: e.created_at,
        text: eventText(e.kind, e.note),
      })),
    };
  });
}
