import type { CallDef } from '../../../contract/define';
import {
  cancelSubscription,
  pauseSubscription,
  resumeSubscription,
  subscribe,
  type Subscription,
  type SubscriptionPlan,
} from '../../../contract/subscription';
import type { ClubDb } from '../../../db/database';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { applyAction, startSubscription, type SubscriptionAction } from '../../../domain/programme/subscription-rules';
import { mutate } from '../../engine/enqueue';
import { SUB_DOCS, type SubState } from '../../pullers/programmes-subscription';
import { defineMutation, type MutationKind } from '../../engine/registry';
import { readDoc, writeDoc } from './docs';

/** What each change carries: its request fields and the state shown before it (restored if refused). */
export interface SubscriptionChangePayload<R> {
  request: R;
  before: SubState | null;
  /** The subscription shown while the change waits (null: none, after a cancel). */
  after: Subscription | null;
}

type Answer = { subscription: Subscription };

/**
 * One kind per subscription call (subscribe, pause, resume, cancel). Queued: offline the change
 * shows at once (the domain rules of src/domain/programme/subscription-rules.ts) and goes when back; the
 * server's answer replaces it; a refusal puts back what was shown before. The screen allows one
 * waiting change at a time, so "before" is always the state the server last confirmed.
 */
function subscriptionKind<C extends CallDef>(
  kind: string,
  call: C,
  title: string,
): MutationKind<SubscriptionChangePayload<unknown>, C> {
  return defineMutation<SubscriptionChangePayload<unknown>, C>({
    kind,
    call,
    title,
    noun: ['зміну підписки', 'зміни підписки', 'змін підписки'],
    tables: ['docs'],
    views: ['subscription'],
    async buildRequest(entry) {
      return entry.payload.request as never;
    },
    async apply(answer, entry, db) {
      const variant = entry.account.variant;
      const shown = await readDoc<SubState>(db, variant, SUB_DOCS.state);
      const { subscription } = answer as unknown as Answer;
      await writeDoc(db, variant, SUB_DOCS.state, {
        subscription: subscription.status === 'cancelled' ? null : subscription,
        ageVerified: shown?.ageVerified ?? entry.payload.before?.ageVerified ?? true,
      });
      // The history gains the change: asked afresh next time.
      await db.docs.delete([variant, SUB_DOCS.history]);
    },
    async undo(entry, db) {
      const before = entry.payload.before;
      if (before) await writeDoc(db, entry.account.variant, SUB_DOCS.state, before);
      else await db.docs.delete([entry.account.variant, SUB_DOCS.state]);
    },
    async redo(entry, db) {
      const { before, after } = entry.payload;
      await writeDoc(db, entry.account.variant, SUB_DOCS.state, {
        subscription: after,
        ageVerified: before?.ageVerified ?? true,
      });
    },
  });
}

export const subscribeKind = subscriptionKind('subscription-subscribe', subscribe, 'Оформлення підписки');
export const pauseKind = subscriptionKind('subscription-pause', pauseSubscription, 'Пауза підписки');
export const resumeKind = subscriptionKind('subscription-resume', resumeSubscription, 'Відновлення підписки');
export const cancelKind = subscriptionKind('subscription-cancel', cancelSubscription, 'Скасування підписки');

/** The subscription a new one of `plan` shows until the server answers (id 0: not confirmed yet). */
export function pendingSubscription(plan: SubscriptionPlan, now: Date): Subscription {
  const s = startSubscription(now);
  return {
    id: 0,
    planId: plan.id,
    planTitle: plan.title,
    status: 'active',
    price: plan.price,
    packs: plan.packs,
    intervalDays: plan.intervalDays,
    xpBonus: plan.xpBonus,
    startedAt: now.toISOString(),
    nextDeliveryAt: s.nextDeliveryAt,
    pausedUntil: null,
    cancelledAt: null,
    deliveredCount: 0,
    xpEarned: 0,
  };
}

/** The subscription after `action` as the rules foresee it, or the refusal's code. */
export function foreseen(
  current: Subscription,
  action: SubscriptionAction,
  now: Date,
): Subscription | { refused: string } {
  const next = applyAction(
    { status: current.status, nextDeliveryAt: current.nextDeliveryAt, pausedUntil: current.pausedUntil },
    action,
    now,
  );
  if ('refused' in next) return next;
  return { ...current, ...next, cancelledAt: next.status === 'cancelled' ? now.toISOString() : current.cancelledAt };
}

/** Domain action: shows `after` at once and queues the change that makes it so. */
export async function queueSubscriptionChange<R>(
  db: ClubDb,
  account: Account,
  kind: MutationKind<SubscriptionChangePayload<unknown>, CallDef>,
  request: R,
  after: Subscription | null,
  now = Date.now(),
): Promise<OutboxEntry<SubscriptionChangePayload<unknown>>> {
  return mutate(db, kind, {
    account,
    now,
    change: async () => {
      const before = (await readDoc<SubState>(db, account.variant, SUB_DOCS.state)) ?? null;
      await writeDoc(
        db,
        account.variant,
        SUB_DOCS.state,
        { subscription: after, ageVerified: before?.ageVerified ?? true },
        now,
      );
      return { request, before, after };
    },
  });
}
