/**
 * Subscription states and transitions (routes /subscription, /subscription/history): a member's
 * shop record of a variant holds at most one current subscription (active or paused); it can
 * be paused for whole weeks, resumed, and cancelled. Times are ISO-8601 strings.
 */
export type SubscriptionStatus = 'active' | 'paused' | 'cancelled';

/** Days from subscribing or resuming to the next delivery (time to pack and ship). */
export const FIRST_DELIVERY_DAYS = 2;
/** A pause lasts whole weeks, 1 to this many. */
export const MAX_PAUSE_WEEKS = 8;
/** Longest reason a cancellation carries, in characters (the server's limit; a longer one is refused, not cut). */
export const CANCEL_REASON_MAX = 500;

const DAY_MS = 86_400_000;

export interface SubscriptionState {
  status: SubscriptionStatus;
  nextDeliveryAt: string | null;
  pausedUntil: string | null;
}

export type SubscriptionAction = { kind: 'pause'; weeks: number } | { kind: 'resume' } | { kind: 'cancel' };

/** Server error codes of a refused action. */
export type SubscriptionRefusal =
  'subscription_not_active' | 'subscription_not_paused' | 'subscription_cancelled' | 'invalid_pause';

const plusDays = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

/** The state of a new subscription made at `now`. */
export function startSubscription(now: Date): SubscriptionState {
  return { status: 'active', nextDeliveryAt: plusDays(now, FIRST_DELIVERY_DAYS), pausedUntil: null };
}

/** A pause whose end has passed is over: the subscription is active again, delivering from the pause's end. */
export function effectiveState(s: SubscriptionState, now: Date): SubscriptionState {
  if (s.status === 'paused' && s.pausedUntil && Date.parse(s.pausedUntil) <= now.getTime()) {
    return { status: 'active', nextDeliveryAt: s.pausedUntil, pausedUntil: null };
  }
  return s;
}

/**
 * Applies one action to the (effective) state at `now`: pause only an active subscription,
 * resume only a paused one, cancel either; a cancelled one takes no action.
 */
export function applyAction(
  current: SubscriptionState,
  action: SubscriptionAction,
  now: Date,
): SubscriptionState | { refused: SubscriptionRefusal } {
  const s = effectiveState(current, now);
  if (s.status === 'cancelled') return { refused: 'subscription_cancelled' };
  switch (action.kind) {
    case 'pause': {
      if (s.status !== 'active') return { refused: 'subscription_not_active' };
      if (!Number.isInteger(action.weeks) || action.weeks < 1 || action.weeks > MAX_PAUSE_WEEKS)
        return { refused: 'invalid_pause' };
      const until = plusDays(now, action.weeks * 7);
      return { status: 'paused', nextDeliveryAt: until, pausedUntil: until };
    }
    case 'resume':
      if (s.status !== 'paused') return { refused: 'subscription_not_paused' };
      return startSubscription(now);
    case 'cancel':
      return { status: 'cancelled', nextDeliveryAt: null, pausedUntil: null };
  }
}
