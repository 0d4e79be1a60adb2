import type { Hono } from 'hono';
import { cancelSubscription, pauseSubscription, resumeSubscription } from '../../../../src/contract/subscription';
import {
  applyAction,
  type SubscriptionAction,
  type SubscriptionRefusal,
} from '../../../../src/domain/programme/subscription-rules';
import type { AppDeps, AppEnv, Member } from '../../../context';
import { conflict, unprocessable } from '../../../errors';
import { mount } from '../../../http/route';
import { loadRow, ownedSubscription, syncScheduled, toSubscription } from './view';

const REFUSALS: Record<SubscriptionRefusal, string> = {
  subscription_not_active: 'Призупинити можна лише активну підписку',
  subscription_not_paused: 'Підписка не на паузі',
  subscription_cancelled: 'Підписку вже скасовано',
  invalid_pause: 'Пауза може тривати від 1 до 8 тижнів',
};

const EVENT_OF = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' } as const;

function eventNote(action: SubscriptionAction, reason: string | undefined): string {
  if (action.kind === 'pause') return `На ${action.weeks} тиж.`;
  return action.kind === 'cancel' ? (reason ?? '').trim().slice(0, 500) : '';
}

/** Applies one action to the member's own subscription, guarded against a concurrent change of the same row. */
async function change(deps: AppDeps, member: Member, id: number, action: SubscriptionAction, reason?: string) {
  const now = deps.clock.now();
  const row = await ownedSubscription(deps.db, member, id, now);
  const next = applyAction(
    { status: row.status, nextDeliveryAt: row.next_delivery_at, pausedUntil: row.paused_until },
    action,
    now,
  );
  if ('refused' in next) throw unprocessable(next.refused, REFUSALS[next.refused]);
  await deps.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('subscriptions')
      .set({
        status: next.status,
        next_delivery_at: next.nextDeliveryAt,
        paused_until: next.pausedUntil,
        current_key: next.status === 'cancelled' ? null : row.customer_id,
        ...(next.status === 'cancelled'
          ? { cancelled_at: now.toISOString(), cancel_reason: reason?.trim() || null }
          : {}),
        updated_at: now.toISOString(),
      })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0)
      throw conflict('subscription_changed', 'Підписку щойно змінено. Спробуй ще раз');
    await trx
      .insertInto('subscription_events')
      .values({
        subscription_id: row.id,
        kind: EVENT_OF[action.kind],
        note: eventNote(action, reason),
        created_at: now.toISOString(),
      })
      .execute();
    await syncScheduled(trx, row, next.nextDeliveryAt, now);
  });
  const updated = await loadRow(deps.db, row.id);
  if (!updated) throw new Error('subscription vanished');
  return { subscription: await toSubscription(deps.db, updated) };
}

/** Pause, resume and cancel: only the member's own subscription (403), only from a state that allows it (422). */
export function registerSubscriptionChanges(app: Hono<AppEnv>): void {
  mount(app, pauseSubscription, ({ input, member, deps }) =>
    change(deps, member, input.subscriptionId, { kind: 'pause', weeks: input.weeks }),
  );
  mount(app, resumeSubscription, ({ input, member, deps }) =>
    change(deps, member, input.subscriptionId, { kind: 'resume' }),
  );
  mount(app, cancelSubscription, ({ input, member, deps }) =>
    change(deps, member, input.subscriptionId, { kind: 'cancel' }, input.reason),
  );
}
