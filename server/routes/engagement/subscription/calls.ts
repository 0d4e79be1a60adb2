import type { Hono } from 'hono';
import { getSubscriptionPlans, getSubscriptionState, subscribe } from '../../../../src/contract/subscription';
import { queryFlag } from '../../../../src/contract/query-params';
import { startSubscription } from '../../../../src/domain/programme/subscription-rules';
import type { AppEnv } from '../../../context';
import { forbidden, notFound, unprocessable } from '../../../errors';
import { mount } from '../../../http/route';
import { ensureCustomer, findCustomer, variantOf } from '../../../members';
import { isMemberVerified } from '../content/access';
import { loadRow, settledRow, syncScheduled, toSubscription } from './view';

/** Plans, the member's current subscription, and subscribing (one current subscription per record). */
export function registerSubscriptionCalls(app: Hono<AppEnv>): void {
  mount(app, getSubscriptionPlans, async ({ input, deps }) => {
    const rows = await deps.db
      .selectFrom('subscription_plans')
      .selectAll()
      .where('variant', '=', variantOf(queryFlag(input.ogo)))
      .where('active', '=', 1)
      .orderBy('sort')
      .execute();
    return {
      plans: rows.map((p) => ({
        id: p.id,
        variant: p.variant,
        title: p.title,
        description: p.description,
        price: p.price / 100,
        packs: p.packs,
        intervalDays: p.interval_days,
        xpBonus: p.xp_bonus,
      })),
    };
  });

  mount(app, getSubscriptionState, async ({ input, member, deps }) => {
    const variant = variantOf(queryFlag(input.ogo));
    const ageVerified = await isMemberVerified(deps.db, member, variant);
    const customer = await findCustomer(deps.db, member.id, variant);
    const current = customer
      ? await deps.db.selectFrom('subscriptions').select('id').where('current_key', '=', customer.id).executeTakeFirst()
      : undefined;
    const row = current ? await settledRow(deps.db, current.id, deps.clock.now()) : undefined;
    return { subscription: row ? await toSubscription(deps.db, row) : null, ageVerified };
  });

  mount(app, subscribe, async ({ input, member, deps }) => {
    const now = deps.clock.now();
    const variant = variantOf(input.ogo);
    if (!(await isMemberVerified(deps.db, member, variant))) {
      throw forbidden('Підписка доступна після підтвердження віку', 'age_not_verified');
    }
    const plan = await deps.db
      .selectFrom('subscription_plans')
      .selectAll()
      .where('id', '=', input.planId)
      .where('variant', '=', variant)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!plan) throw notFound('Такого плану підписки немає', 'plan_not_found');
    const customer = await ensureCustomer(deps.db, member, variant, now);
    const state = startSubscription(now);
    const id = await deps.db.transaction().execute(async (trx) => {
      // current_key is unique: a second current subscription of the record inserts nothing.
      const inserted = await trx
        .insertInto('subscriptions')
        .values({
          member_id: member.id,
          customer_id: customer.id,
          plan_id: plan.id,
          status: state.status,
          current_key: customer.id,
          price: plan.price,
          started_at: now.toISOString(),
          next_delivery_at: state.nextDeliveryAt,
          paused_until: null,
          cancelled_at: null,
          cancel_reason: null,
          updated_at: now.toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return null;
      await trx
        .insertInto('subscription_events')
        .values({ subscription_id: inserted.id, kind: 'subscribed', note: plan.title, created_at: now.toISOString() })
        .execute();
      await syncScheduled(trx, { id: inserted.id, packs: plan.packs, price: plan.price }, state.nextDeliveryAt, now);
      return inserted.id;
    });
    // 422, not 409: the outbox retries 409s (a request still running) and would never give up.
    if (id === null)
      throw unprocessable('subscription_exists', 'У тебе вже є підписка. Зміни або скасуй її, щоб оформити нову');
    const row = await loadRow(deps.db, id);
    if (!row) throw new Error('subscription vanished');
    return { subscription: await toSubscription(deps.db, row) };
  });
}
