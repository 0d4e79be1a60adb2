import { bindCalls } from '../../api/bind';
import type { Transport } from '../../api/transport';
import type { CallResponse } from '../../contract/define';
import {
  subscriptionCalls,
  type getSubscriptionHistory,
  type getSubscriptionPlans,
  type getSubscriptionState,
} from '../../contract/subscription';
import type { ClubDb } from '../../db/database';
import type { Variant } from '../../db/rows-catalogue';
import { readSession } from '../auth/session';
import { SUB_DOCS, SUBSCRIPTION_KINDS } from '../programme/keys';
import { docPuller } from './doc';
import type { Puller } from './puller';

/** Plans change seldom; the member's state and history are asked on each visit. */
export const SUB_PLANS_FRESH_MS = 60 * 60_000;
export const SUB_STATE_FRESH_MS = 60_000;

export { SUB_DOCS, SUBSCRIPTION_KINDS };

export type SubPlans = CallResponse<typeof getSubscriptionPlans>;
export type SubState = CallResponse<typeof getSubscriptionState>;
export type SubHistory = CallResponse<typeof getSubscriptionHistory>;

export const subscriptionApi = (t: Transport) => bindCalls(t, subscriptionCalls);

const ogoQ = (variant: Variant) => (variant === 'ogo' ? { ogo: 'true' as const } : {});

/** Whether a change of the subscription of `variant` still waits in the outbox (its optimistic state must stay). */
export async function subscriptionChangeWaits(db: ClubDb, variant: Variant): Promise<boolean> {
  const waiting = await db.outbox
    .where('kind')
    .anyOf([...SUBSCRIPTION_KINDS])
    .toArray();
  return waiting.some((e) => e.account.variant === variant && e.state !== 'failed');
}

export function subPlansPuller(variant: Variant): Puller<SubPlans> {
  return docPuller({
    key: SUB_DOCS.plans,
    variant,
    freshFor: SUB_PLANS_FRESH_MS,
    async fetch({ db, transport }) {
      if (!(await readSession(db))) return null;
      return subscriptionApi(transport).getSubscriptionPlans(ogoQ(variant));
    },
  });
}

/**
 * The member's current subscription of the variant. Skipped while a change of it waits in the
 * outbox, so the screen keeps showing the change (as the cart mirror does); the answer of that
 * change stores the server's state itself.
 */
export function subStatePuller(variant: Variant): Puller<SubState> {
  return docPuller({
    key: SUB_DOCS.state,
    variant,
    freshFor: SUB_STATE_FRESH_MS,
    async fetch({ db, transport }) {
      if (!(await readSession(db)) || (await subscriptionChangeWaits(db, variant))) return null;
      return subscriptionApi(transport).getSubscriptionState(ogoQ(variant));
    },
  });
}

export function subHistoryPuller(variant: Variant): Puller<SubHistory> {
  return docPuller({
    key: SUB_DOCS.history,
    variant,
    freshFor: SUB_STATE_FRESH_MS,
    async fetch({ db, transport }) {
      if (!(await readSession(db))) return null;
      return subscriptionApi(transport).getSubscriptionHistory(ogoQ(variant));
    },
  });
}
