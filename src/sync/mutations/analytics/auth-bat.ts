import { authBat } from '../../../contract/analytics';
import type { ClubDb } from '../../../db/database';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { mutate } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import { ANALYTICS_REPORT } from './report';

export interface AuthBatPayload {
  /** E.g. 'login', 'registration'. */
  event: string;
}

/** docs/api.md#analytics analytics/auth-bat {shopifyId, event, {product}}: a sign-in event of one record. */
export const analyticsAuthBat = defineMutation<AuthBatPayload, typeof authBat>({
  kind: 'analytics-auth-bat',
  call: authBat,
  title: 'Подія входу',
  noun: ['подію входу', 'події входу', 'подій входу'],
  ...ANALYTICS_REPORT,
  async buildRequest(entry) {
    return {
      shopifyId: entry.account.customerId,
      event: entry.payload.event,
      ...(entry.account.variant === 'ogo' ? { ogo: true } : {}),
    };
  },
});

/** Domain action: queues a sign-in event of `account`, sent when there is a network. */
export function trackAuthEvent(
  db: ClubDb,
  account: Account,
  event: string,
  now = Date.now(),
): Promise<OutboxEntry<AuthBatPayload>> {
  return mutate(db, analyticsAuthBat, { account, now, change: () => ({ event }) });
}
