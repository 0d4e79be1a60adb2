import * as z from 'zod/mini';
import { defineCall, isoDateTime, ogoFlag } from './define';
import { ogoQuery } from './query-params';

/*
 * Subscription (routes /subscription, /subscription/about, /subscription/faq,
 * /subscription/history; the about and FAQ texts are content pages). Each shop record
 * (variant) holds at most one current subscription, active or paused. Rules and their
 * figures: src/domain/programme/subscription-rules.ts. Subscribing needs an age-verified member
 * (403 `age_not_verified`, docs/rules.md#validation). Money in UAH.
 */

/** A row id: a whole number that fits the 32-bit key columns (a bigger one is a 400, not a database error). */
const id = z.number().check(z.int(), z.positive(), z.lte(2_147_483_647));

export const subscriptionPlan = z.object({
  id: z.number(),
  variant: z.enum(['glo', 'ogo']),
  title: z.string(),
  description: z.string(),
  /** Price of one delivery, UAH. */
  price: z.number(),
  /** Packs of sticks per delivery. */
  packs: z.number(),
  /** Days between deliveries. */
  intervalDays: z.number(),
  /** XP credited for each delivered box. */
  xpBonus: z.number(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;

export const subscriptionStatus = z.enum(['active', 'paused', 'cancelled']);

export const subscription = z.object({
  id: z.number(),
  planId: z.number(),
  planTitle: z.string(),
  status: subscriptionStatus,
  /** Price per delivery fixed when subscribing, UAH. */
  price: z.number(),
  packs: z.number(),
  intervalDays: z.number(),
  xpBonus: z.number(),
  startedAt: isoDateTime,
  nextDeliveryAt: z.nullable(isoDateTime),
  pausedUntil: z.nullable(isoDateTime),
  cancelledAt: z.nullable(isoDateTime),
  deliveredCount: z.number(),
  xpEarned: z.number(),
});
export type Subscription = z.infer<typeof subscription>;

/** GET /api/subscription/get-plans?ogo= -> the plans of the variant. */
export const getSubscriptionPlans = defineCall({
  method: 'GET',
  path: '/api/subscription/get-plans',
  auth: 'member',
  mutation: false,
  summary: 'Subscription plans of the variant (sticks delivered regularly, XP for each box)',
  request: z.object({ ogo: ogoQuery }),
  response: z.object({ plans: z.array(subscriptionPlan) }),
});

/** GET /api/subscription/get-state?ogo= -> the current subscription of the member's record, or null. */
export const getSubscriptionState = defineCall({
  method: 'GET',
  path: '/api/subscription/get-state',
  auth: 'member',
  mutation: false,
  summary: "The member's current (active or paused) subscription of the variant, and whether they may subscribe",
  request: z.object({ ogo: ogoQuery }),
  response: z.object({ subscription: z.nullable(subscription), ageVerified: z.boolean() }),
});

/** POST /api/subscription/subscribe {planId, {product}} -> the new subscription (422 `subscription_exists` when one is current). */
export const subscribe = defineCall({
  method: 'POST',
  path: '/api/subscription/subscribe',
  auth: 'member',
  mutation: true,
  summary: 'Subscribes the member’s record of the variant to a plan; one current subscription per record',
  request: z.object({ planId: id, ogo: ogoFlag }),
  response: z.object({ subscription }),
});

/** POST /api/subscription/pause {subscriptionId, weeks 1..8} -> the paused subscription. */
export const pauseSubscription = defineCall({
  method: 'POST',
  path: '/api/subscription/pause',
  auth: 'member',
  mutation: true,
  summary: 'Pauses an active subscription for whole weeks (1 to 8); deliveries restart when the pause ends',
  request: z.object({ subscriptionId: id, weeks: z.number().check(z.int(), z.minimum(1), z.maximum(8)) }),
  response: z.object({ subscription }),
});

/** POST /api/subscription/resume {subscriptionId} -> the active subscription. */
export const resumeSubscription = defineCall({
  method: 'POST',
  path: '/api/subscription/resume',
  auth: 'member',
  mutation: true,
  summary: 'Ends a pause early; the next box ships in 2 days',
  request: z.object({ subscriptionId: id }),
  response: z.object({ subscription }),
});

/** POST /api/subscription/cancel {subscriptionId, reason?} -> the cancelled subscription. */
export const cancelSubscription = defineCall({
  method: 'POST',
  path: '/api/subscription/cancel',
  auth: 'member',
  mutation: true,
  summary: 'Cancels an active or paused subscription of the member',
  request: z.object({ subscriptionId: id, reason: z.optional(z.string().check(z.maxLength(500))) }),
  response: z.object({ subscription }),
});

export const subscriptionDelivery = z.object({
  id: z.number(),
  subscriptionId: z.number(),
  planTitle: z.string(),
  date: isoDateTime,
  status: z.enum(['scheduled', 'delivered', 'skipped']),
  packs: z.number(),
  /** UAH. */
  amount: z.number(),
  xp: z.number(),
});

export const subscriptionEvent = z.object({
  id: z.number(),
  subscriptionId: z.number(),
  kind: z.enum(['subscribed', 'paused', 'resumed', 'cancelled', 'delivered', 'skipped']),
  date: isoDateTime,
  /** Ukrainian line for the history screen. */
  text: z.string(),
});

/** GET /api/subscription/get-history?ogo= -> deliveries and events of all the record's subscriptions, newest first. */
export const getSubscriptionHistory = defineCall({
  method: 'GET',
  path: '/api/subscription/get-history',
  auth: 'member',
  mutation: false,
  summary: 'Deliveries and events (subscribed, paused, resumed, cancelled) of the member’s subscriptions',
  request: z.object({ ogo: ogoQuery }),
  response: z.object({ deliveries: z.array(subscriptionDelivery), events: z.array(subscriptionEvent) }),
});

export const subscriptionCalls = {
  getSubscriptionPlans,
  getSubscriptionState,
  subscribe,
  pauseSubscription,
  resumeSubscription,
  cancelSubscription,
  getSubscriptionHistory,
} as const;
