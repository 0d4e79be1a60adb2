import { esputnikEventLogin } from '../../../contract/analytics';
import type { ClubDb } from '../../../db/database';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { mutate } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import { ANALYTICS_REPORT } from './report';

export interface EsputnikLoginPayload {
  phone: string;
  /** ISO date-time of the sign-in (when it happened, not when it is sent). */
  date: string;
}

/** docs/api.md#analytics analytics/esputnik-event-login {phone, date}: a login event for the mailing service. */
export const analyticsEsputnikLogin = defineMutation<EsputnikLoginPayload, typeof esputnikEventLogin>({
  kind: 'analytics-esputnik-login',
  call: esputnikEventLogin,
  title: 'Подія входу для розсилки',
  noun: ['подію входу для розсилки', 'події входу для розсилки', 'подій входу для розсилки'],
  ...ANALYTICS_REPORT,
  async buildRequest(entry) {
    return { phone: entry.payload.phone, date: entry.payload.date };
  },
});

/** Domain action: queues the login event of the member with `phone`, dated `now`. */
export function trackMailingLogin(
  db: ClubDb,
  account: Account,
  phone: string,
  now = Date.now(),
): Promise<OutboxEntry<EsputnikLoginPayload>> {
  return mutate(db, analyticsEsputnikLogin, {
    account,
    now,
    change: () => ({ phone, date: new Date(now).toISOString() }),
  });
}
