import { marathonCalls } from './marathon';
import { storesCalls } from './stores';
import { subscriptionCalls } from './subscription';

/** Subscription, marathon quiz and brand stores calls (their own files hold the schemas). */
export const engagementCalls = { ...subscriptionCalls, ...marathonCalls, ...storesCalls } as const;
