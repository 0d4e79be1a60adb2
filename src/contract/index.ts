import type { CallDef } from './define';
import { systemCalls } from './system';
import { authCalls } from './auth';
import { userCalls } from './user';
import { veloCalls } from './velo';
import { shopCalls } from './shop';
import { deliveryCalls } from './delivery';
import { scanCalls } from './scan';
import { certCalls } from './cert';
import { feedbackCalls } from './feedback';
import { contentCalls } from './content';
import { inviteCalls } from './invite';
import { analyticsCalls } from './analytics';
import { engagementCalls } from './engagement';

/** Every call of the contract by group: the source of the OpenAPI document and of the app's API functions. */
export const contract = {
  system: systemCalls,
  auth: authCalls,
  user: userCalls,
  velo: veloCalls,
  shop: shopCalls,
  delivery: deliveryCalls,
  scan: scanCalls,
  cert: certCalls,
  feedback: feedbackCalls,
  content: contentCalls,
  invite: inviteCalls,
  analytics: analyticsCalls,
  engagement: engagementCalls,
} as const;

export function allCalls(): Array<{ group: string; name: string; call: CallDef }> {
  const out: Array<{ group: string; name: string; call: CallDef }> = [];
  for (const [group, calls] of Object.entries(contract)) {
    for (const [name, call] of Object.entries(calls as Record<string, CallDef>)) out.push({ group, name, call });
  }
  return out;
}
