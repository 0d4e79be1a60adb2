import { sendBatEvent } from '../../../contract/analytics';
import type { ClubDb } from '../../../db/database';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { analyticsToken } from '../../engine/tokens';
import { mutate } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import { ANALYTICS_REPORT } from './report';

export interface AnalyticsEventPayload {
  event: string;
  pageUrl: string;
  /** The customer the event is about; default: the account's own. */
  customerId?: number;
}

/**
 * Analytics events (docs/api.md#analytics send-bat-event). The token comes from get-bat-token, cached until
 * its expiry; a 401 for a dead token (docs/rules.md#error-reactions) clears it, and the event is sent again under a
 * new key with a fresh token (the refused attempt was not stored as an event).
 */
export const analyticsEvent = defineMutation<AnalyticsEventPayload, typeof sendBatEvent>({
  kind: 'analytics-event',
  call: sendBatEvent,
  title: 'Подія аналітики',
  noun: ['подію аналітики', 'події аналітики', 'подій аналітики'],
  ...ANALYTICS_REPORT,
  async buildRequest(entry, { db, transport, now, memo }) {
    return {
      event: entry.payload.event,
      token: await analyticsToken(db, transport, now(), memo),
      data: { customer_id: entry.payload.customerId ?? entry.account.customerId, page_url: entry.payload.pageUrl },
      ...(entry.account.variant === 'ogo' ? { ogo: true } : {}),
    };
  },
  refreshOn: (e) => e.status === 401 && e.code !== 'unauthenticated',
});

/** Domain action: queues one analytics event of `account`. */
export function trackEvent(
  db: ClubDb,
  account: Account,
  payload: AnalyticsEventPayload,
  now = Date.now(),
): Promise<OutboxEntry<AnalyticsEventPayload>> {
  return mutate(db, analyticsEvent, { account, now, change: () => payload });
}

/** The event name of a page view. */
export const PAGE_VIEW_EVENT = 'page_view';

/** Domain action: queues a page view of `path` by `account` (every route change; offline views are counted later). */
export function trackPageView(
  db: ClubDb,
  account: Account,
  path: string,
  now = Date.now(),
): Promise<OutboxEntry<AnalyticsEventPayload>> {
  return trackEvent(db, account, { event: PAGE_VIEW_EVENT, pageUrl: path.slice(0, 2000) }, now);
}
